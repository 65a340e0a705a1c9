import type { TCheckInAnswer } from '@ingressos/contracts/staff-producer';
import { hideCpf } from '@ingressos/domain/cpf';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TTicketSigner } from './ticket-keys.ts';

type TRow = {
  id: string;
  event_id: number;
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
 * `check_in_gate`; structure-writers.test.ts fails any other). The QR is verified with the ticket
 * signer; then, in order: another event's ticket is `wrong_event`, a QR older than the ticket's
 * `qr_version` (it changed hands) `revoked`, a voided ticket `refunded`; otherwise one conditional
 * UPDATE (`... where checked_in_at is null and voided_at is null` and the QR's version still the
 * ticket's) checks it in, so of two gates
 * scanning one ticket at once exactly one gets `ok` and the other `already_used`, with the first
 * check-in's time and gate.
 */
export async function checkInTicket(
  db: TDb,
  signer: TTicketSigner,
  input: { qr: string; eventId: number; gate: string | null; staffId: string },
): Promise<TCheckInAnswer> {
  let claims: Awaited<ReturnType<TTicketSigner['verify']>>;
  try {
    claims = await signer.verify(input.qr);
  } catch {
    return { result: 'invalid', ticket: null };
  }
  const read = async () =>
    (
      await rows<TRow>(
        db,
        sql`select k.id, k.event_id, k.qr_version, k.voided_at, k.checked_in_at, k.check_in_gate, k.holder_cpf,
              (select h->>'name' from jsonb_array_elements(o.lines) l, jsonb_array_elements(coalesce(l->'holders', '[]'::jsonb)) h
                where h->>'document' = k.holder_cpf limit 1) as holder_name,
              s.name as section, t.name as ticket, p.alias as place
            from tickets k join orders o on o.id = k.order_id
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
  if (Number(row.event_id) !== input.eventId || claims.eid !== input.eventId)
    return { result: 'wrong_event', ticket: null };
  if ((claims.v ?? 1) < Number(row.qr_version)) return { result: 'revoked', ticket: view(row) };
  if (row.voided_at !== null) return { result: 'refunded', ticket: view(row) };
  const [done] = await rows<{ checked_in_at: Date | string; check_in_gate: string | null }>(
    db,
    sql`update tickets set checked_in_at = now(), checked_in_by = ${input.staffId}, check_in_gate = ${input.gate}
        where id = ${row.id} and checked_in_at is null and voided_at is null and qr_version <= ${claims.v ?? 1}
        returning checked_in_at, check_in_gate`,
  );
  if (done) return { result: 'ok', ticket: view({ ...row, ...done }) };
  // Someone checked it in, voided or transferred it between the read and the update: say what the row says now.
  const now = (await read())!;
  if ((claims.v ?? 1) < Number(now.qr_version)) return { result: 'revoked', ticket: view(now) };
  if (now.voided_at !== null && now.checked_in_at === null) return { result: 'refunded', ticket: view(now) };
  return { result: 'already_used', ticket: view(now) };
}
