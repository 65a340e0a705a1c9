import type { TDeviceCheckIn } from '@ingressos/contracts/gate';
import type { TCheckInAnswer } from '@ingressos/contracts/staff-producer';
import { hideCpf } from '@ingressos/domain/cpf';
import { isEventDay } from '@ingressos/domain/event-day';
import {
  checkRotatingCode,
  fromBase64Url,
  parseScannedCode,
  ticketRotationSecret,
} from '@ingressos/domain/rotating-code';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';
import { eventRotationKey } from '../tickets/rotation-keys.ts';
import type { TTicketSigner } from '../tickets/ticket-keys.ts';
import { reportDuplicates, type TDuplicate } from './duplicates.ts';

type TRow = {
  id: string;
  event_id: number;
  ticket_code: string;
  starts_at: Date | string;
  time_zone: string;
  qr_version: number;
  voided_at: Date | string | null;
  checked_in_at: Date | string | null;
  check_in_gate: string | null;
  holder_cpf: string;
  holder_name: string | null;
  section: string;
  ticket: string;
  place: string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Issue 34/35: the ONLY writer of a ticket's check-in (`tickets.checked_in_at`, `checked_in_by`,
 * `check_in_gate`, `checked_in_device`; structure-writers.test.ts fails any other): the online scan
 * here, a device's offline check-ins (syncDeviceCheckIns) and an undo (undoCheckIn).
 *
 * The scanned text is either kind (parseScannedCode): the static signed QR, or the rotating
 * `BLT2.<pass>.<step>.<code>`. The pass is verified with the ticket signer; then, in order: another
 * event's ticket is `wrong_event`, a static QR at an event in mode `rotating` `static_not_accepted`,
 * a pass older than the ticket's `qr_version` (it changed hands) `revoked`, a rotating code not the
 * ticket's at its CURRENT version `invalid` (forged) or `stale_code` (over a step off the server's
 * clock), a voided ticket `refunded`, one already checked in `already_used`; then when and where: a
 * scan on another day than the event's on the server's clock `nowMs` (packages/domain/src/event-day.ts)
 * `wrong_day`, a ticket of a section the gate's `sections` leaves out `wrong_sector`, neither written;
 * otherwise one conditional UPDATE (`... where checked_in_at is
 * null and voided_at is null` and the pass's version still the ticket's) checks it in, so of two
 * gates scanning one ticket at once exactly one gets `ok` and the other `already_used`, with the
 * first check-in's time and gate.
 */
export async function checkInTicket(
  db: TDb,
  signer: TTicketSigner,
  input: {
    qr: string;
    eventId: number;
    gate: string | null;
    staffId: string;
    deviceId?: string | null;
    /** The sections this gate admits; absent or empty: all. */
    sections?: readonly string[];
    /** The server's clock (ms), the day's judge. */
    nowMs?: number;
  },
): Promise<TCheckInAnswer> {
  const nowMs = input.nowMs ?? Date.now();
  const scanned = parseScannedCode(input.qr);
  if (!scanned) return { result: 'invalid', ticket: null };
  let claims: Awaited<ReturnType<TTicketSigner['verify']>>;
  try {
    claims = await signer.verify(scanned.jws);
  } catch {
    return { result: 'invalid', ticket: null };
  }
  const read = async () =>
    (
      await rows<TRow>(
        db,
        sql`select k.id, k.event_id, e.ticket_code, e.starts_at, e.time_zone, k.qr_version, k.voided_at, k.checked_in_at, k.check_in_gate, k.holder_cpf,
              (select h->>'name' from jsonb_array_elements(o.lines) l, jsonb_array_elements(coalesce(l->'holders', '[]'::jsonb)) h
                where h->>'document' = k.holder_cpf limit 1) as holder_name,
              s.name as section, t.name as ticket, p.alias as place
            from tickets k join orders o on o.id = k.order_id join events e on e.id = k.event_id
            join event_tickets t on t.id = k.ticket_id join event_sections s on s.id = t.section_id
            left join controlled_places p on p.id = k.controlled_place_id
            where k.id = ${claims.tid}`,
      )
    )[0];
  const row = await read();
  if (!row) return { result: 'invalid', ticket: null };
  const view = (r: TRow) => ({
    ticketId: r.id,
    section: r.section,
    ticket: r.ticket,
    place: r.place,
    holderName: r.holder_name,
    cpfMasked: hideCpf(r.holder_cpf),
    checkedInAt: iso(r.checked_in_at),
    gate: r.check_in_gate,
  });
  const version = claims.v ?? 1;
  if (Number(row.event_id) !== input.eventId || claims.eid !== input.eventId)
    return { result: 'wrong_event', ticket: null };
  if (scanned.kind === 'static' && row.ticket_code === 'rotating')
    return { result: 'static_not_accepted', ticket: view(row) };
  if (version < Number(row.qr_version)) return { result: 'revoked', ticket: view(row) };
  if (scanned.kind === 'rotating') {
    const key = fromBase64Url(await eventRotationKey(db, input.eventId));
    const secret = await ticketRotationSecret(key, row.id, Number(row.qr_version));
    const check = await checkRotatingCode(secret, scanned, nowMs);
    if (check === 'bad_code') return { result: 'invalid', ticket: null };
    if (check !== 'ok') return { result: 'stale_code', ticket: view(row) };
  }
  if (row.voided_at !== null) return { result: 'refunded', ticket: view(row) };
  if (row.checked_in_at !== null) return { result: 'already_used', ticket: view(row) };
  if (!isEventDay(row.starts_at, row.time_zone, nowMs)) return { result: 'wrong_day', ticket: view(row) };
  if (input.sections?.length && !input.sections.includes(row.section))
    return { result: 'wrong_sector', ticket: view(row) };
  const [done] = await rows<{ checked_in_at: Date | string; check_in_gate: string | null }>(
    db,
    sql`update tickets set checked_in_at = now(), checked_in_by = ${input.staffId}, check_in_gate = ${input.gate},
          checked_in_device = ${input.deviceId ?? null}
        where id = ${row.id} and checked_in_at is null and voided_at is null and qr_version <= ${version}
        returning checked_in_at, check_in_gate`,
  );
  if (done) return { result: 'ok', ticket: view({ ...row, ...done }) };
  // Someone checked it in, voided or transferred it between the read and the update: say what the row says now.
  const now = (await read())!;
  if (version < Number(now.qr_version)) return { result: 'revoked', ticket: view(now) };
  if (now.voided_at !== null && now.checked_in_at === null) return { result: 'refunded', ticket: view(now) };
  return { result: 'already_used', ticket: view(now) };
}

export type TSyncResult = {
  clientId: string;
  result: 'ok' | 'duplicate' | 'revoked' | 'refunded' | 'unknown';
  firstAt: string | null;
  firstGate: string | null;
};

type TState = {
  id: string;
  event_id: number;
  qr_version: number;
  voided_at: Date | string | null;
  checked_in_at: Date | string | null;
  check_in_gate: string | null;
  checked_in_device: string | null;
};

/**
 * Issue 35: a gate device's queued check-ins (made offline, at the device's time `at`, clamped to
 * the server's now). One transaction: one UPDATE checks in every ticket of the batch still free
 * (`checked_in_at is null`, not void, the version the device accepted still the ticket's), its
 * rows locked in id order so concurrent syncs never deadlock; the first to reach the server keeps
 * the ticket. Then each check-in is answered from what the row says: `ok` when this device holds
 * the check-in (so a retried sync answers the same), `duplicate` when another device (or an online
 * scan) does, written to gate_check_in_conflicts once per (device, clientId); `revoked` for a
 * version transferred away, `refunded` for a void ticket, `unknown` for no ticket of this event.
 */
export async function syncDeviceCheckIns(
  db: TDb,
  input: { eventId: number; deviceId: string; staffId: string; checkIns: readonly TDeviceCheckIn[] },
): Promise<TSyncResult[]> {
  if (input.checkIns.length === 0) return [];
  const batch = JSON.stringify(
    input.checkIns.map((c) => ({ t: c.ticketId, v: c.v, a: c.at, g: c.gate ?? '' })),
  );
  return withTransaction(db, async (tx) => {
    await rows(
      tx,
      sql`with input as (select * from jsonb_to_recordset(${batch}::jsonb) as i(t text, v int, a timestamptz, g text)),
          first as (select distinct on (t) t, v, a, g from input order by t, a),
          locked as (
            select k.id, f.a, f.g from tickets k join first f on f.t = k.id
            where k.event_id = ${input.eventId} and k.checked_in_at is null and k.voided_at is null and k.qr_version <= f.v
            order by k.id for update of k)
        update tickets k set checked_in_at = least(l.a, now()), checked_in_by = ${input.staffId},
          check_in_gate = nullif(l.g, ''), checked_in_device = ${input.deviceId}
        from locked l where k.id = l.id and k.checked_in_at is null`,
    );
    const states = await rows<TState>(
      tx,
      sql`select k.id, k.event_id, k.qr_version, k.voided_at, k.checked_in_at, k.check_in_gate, k.checked_in_device
          from tickets k where k.id in (select distinct i.t from jsonb_to_recordset(${batch}::jsonb) as i(t text))`,
    );
    const byId = new Map(states.map((s) => [s.id, s]));
    const duplicates: TDuplicate[] = [];
    const results = input.checkIns.map((c): TSyncResult => {
      const s = byId.get(c.ticketId);
      const first = { firstAt: s ? iso(s.checked_in_at) : null, firstGate: s?.check_in_gate ?? null };
      if (!s || Number(s.event_id) !== input.eventId || c.v > Number(s.qr_version))
        return { clientId: c.clientId, result: 'unknown', firstAt: null, firstGate: null };
      if (c.v < Number(s.qr_version)) return { clientId: c.clientId, result: 'revoked', ...first };
      if (s.checked_in_at !== null && s.checked_in_device === input.deviceId)
        return { clientId: c.clientId, result: 'ok', ...first };
      if (s.checked_in_at === null) return { clientId: c.clientId, result: 'refunded', ...first };
      duplicates.push({
        ticketId: s.id,
        eventId: input.eventId,
        firstAt: iso(s.checked_in_at)!,
        firstGate: s.check_in_gate,
        firstDevice: s.checked_in_device,
        duplicateAt: c.at,
        duplicateGate: c.gate || null,
        duplicateDevice: input.deviceId,
        clientId: c.clientId,
      });
      return { clientId: c.clientId, result: 'duplicate', ...first };
    });
    await reportDuplicates(tx, duplicates);
    return results;
  });
}

/**
 * Issue 35: takes back a mistaken check-in (the ticket can enter again), audited in the same
 * transaction with its reason and what the check-in was. 404 for no such ticket in the event, 409
 * when it has no check-in.
 */
export async function undoCheckIn(
  db: TDb,
  input: {
    eventId: number;
    ticketId: string;
    reason: string;
    audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;
  },
): Promise<'undone' | 'not_found' | 'not_checked_in'> {
  return withTransaction(db, async (tx) => {
    const [row] = await rows<TState>(
      tx,
      sql`select id, event_id, qr_version, voided_at, checked_in_at, check_in_gate, checked_in_device
          from tickets where id = ${input.ticketId} and event_id = ${input.eventId} for update`,
    );
    if (!row) return 'not_found';
    if (row.checked_in_at === null) return 'not_checked_in';
    await rows(
      tx,
      sql`update tickets set checked_in_at = null, checked_in_by = null, check_in_gate = null, checked_in_device = null
          where id = ${row.id}`,
    );
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'ticket.check_in_undo',
      targetType: 'ticket',
      targetId: row.id,
      before: { checkedInAt: iso(row.checked_in_at), gate: row.check_in_gate, device: row.checked_in_device },
      after: { checkedInAt: null },
      reason: input.reason,
    });
    return 'undone';
  });
}
