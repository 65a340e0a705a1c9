import { createHash, createHmac } from 'node:crypto';
import type { TGateEventList, TGateList, TGateTicket, TTicketCodeMode } from '@ingressos/contracts/gate';
import { hideCpf } from '@ingressos/domain/cpf';
import { halfPriceLabel } from '@ingressos/domain/half-price';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TStaff } from '../staff/roles.ts';
import { eventRotationKey } from '../tickets/rotation-keys.ts';
import type { TTicketSigner } from '../tickets/ticket-keys.ts';

/**
 * Issue 35: a delta re-sends what changed in the OVERLAP before its cursor. `changed_at` is stamped
 * at the write (a trigger, migration 0029), but a transaction commits a little later: a row written
 * before the cursor was taken and committed after the read would be missed by a strict `>`. Rows
 * re-sent are harmless (the app replaces by id); a transaction open longer than this could be missed.
 */
export const GATE_CURSOR_OVERLAP_MS = 30_000;
const CURSOR = /^c1\.(\d{1,15})$/;

/** The cursor's instant (ms), or null for none or a malformed one (then the whole list). */
export function cursorTime(cursor: string | undefined): number | null {
  const match = cursor ? CURSOR.exec(cursor) : null;
  return match ? Number(match[1]) : null;
}
const cursorOf = (ms: number) => `c1.${ms}`;

type TEventRow = {
  id: number;
  name: string;
  starts_at: Date | string;
  time_zone: string;
  venue: string;
  city: string;
  ticket_code: string;
};
const summary = (e: TEventRow) => ({
  id: Number(e.id),
  name: e.name,
  startsAt: new Date(e.starts_at).toISOString(),
  timeZone: e.time_zone,
  venue: e.venue,
  city: e.city,
});
const EVENT_COLUMNS = sql`e.id, e.name, e.starts_at, e.time_zone, v.name as venue, v.city, e.ticket_code`;

/** The events a staff member checks in: a gate agent's or producer's own; an administrator's, those not over. */
export async function gateEvents(db: TDb, staff: Pick<TStaff, 'role' | 'eventIds'>): Promise<TGateEventList> {
  const scoped = staff.role === 'gate' || staff.role === 'producer';
  if (scoped && staff.eventIds.length === 0) return { events: [] };
  const found = await rows<TEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from events e join venues v on v.id = e.venue_id
        where ${
          scoped
            ? sql`e.id in (${sql.join(
                staff.eventIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql`e.starts_at > now() - interval '2 days'`
        }
        order by e.starts_at, e.id limit 200`,
  );
  return { events: found.map(summary) };
}

/** The salt of an event's CPF hashes: derived from its rotation key (nothing more to keep). */
const cpfSaltOf = (rotationKey: string) =>
  createHmac('sha256', rotationKey).update('cpf-salt').digest('base64url').slice(0, 22);

type TTicketRow = {
  id: string;
  qr_version: number;
  holder_cpf: string;
  holder_name: string | null;
  order_id: string;
  voided_at: Date | string | null;
  checked_in_at: Date | string | null;
  check_in_gate: string | null;
  section: string;
  ticket: string;
  place: string | null;
  half_price_category: string | null;
};

/** Tickets of an event as the gate keeps them: all, or those changed since `sinceMs` (less the overlap), or these ids. */
export async function gateTickets(
  db: TDb,
  eventId: number,
  cpfSalt: string,
  filter: { sinceMs?: number | null; ids?: readonly string[] },
): Promise<TGateTicket[]> {
  const where = [sql`k.event_id = ${eventId}`];
  if (filter.sinceMs != null)
    where.push(
      sql`k.changed_at > ${new Date(filter.sinceMs - GATE_CURSOR_OVERLAP_MS).toISOString()}::timestamptz`,
    );
  if (filter.ids)
    where.push(
      filter.ids.length === 0
        ? sql`false`
        : sql`k.id in (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  const found = await rows<TTicketRow>(
    db,
    sql`select k.id, k.qr_version, k.holder_cpf, hu.name as holder_name, k.order_id, k.voided_at, k.checked_in_at,
          k.check_in_gate, s.name as section, t.name as ticket, p.alias as place,
          k.half_price_category
        from tickets k join event_tickets t on t.id = k.ticket_id join event_sections s on s.id = t.section_id
        left join controlled_places p on p.id = k.controlled_place_id
        left join users hu on hu.document = k.holder_cpf
        where ${sql.join(where, sql` and `)}
        order by k.changed_at, k.id`,
  );
  return found.map((r) => ({
    id: r.id,
    v: Number(r.qr_version),
    section: r.section,
    ticket: r.ticket,
    place: r.place,
    holderName: r.holder_name,
    cpfMasked: hideCpf(r.holder_cpf),
    cpfHash: createHash('sha256')
      .update(`${cpfSalt}${r.holder_cpf.replace(/\D/g, '')}`)
      .digest('hex'),
    orderCode: r.order_id.slice(0, 8).toUpperCase(),
    // Issue 36: the words the ticket shows ('MEIA-ENTRADA · Estudante'): the staff ask for the document.
    halfPrice: r.half_price_category ? halfPriceLabel(r.half_price_category) : null,
    voided: r.voided_at !== null,
    checkedInAt: r.checked_in_at === null ? null : new Date(r.checked_in_at).toISOString(),
    checkInGate: r.check_in_gate,
  }));
}

/** The server's clock now, read from the database (the cursor must be the database's time). */
async function databaseNow(db: TDb): Promise<number> {
  const [row] = await rows<{ now: Date | string }>(db, sql`select clock_timestamp() as now`);
  return new Date(row!.now).getTime();
}

/** The tickets changed since a cursor and the next cursor (the sync's answer). */
export async function gateDelta(
  db: TDb,
  eventId: number,
  since: string | undefined,
): Promise<{ tickets: TGateTicket[]; cursor: string; serverTime: string }> {
  const salt = cpfSaltOf(await eventRotationKey(db, eventId));
  const now = await databaseNow(db);
  const tickets = await gateTickets(db, eventId, salt, { sinceMs: cursorTime(since) });
  return { tickets, cursor: cursorOf(now), serverTime: new Date(now).toISOString() };
}

/** One ticket of the event as the gate keeps it (after an undo), or null. */
export async function gateTicket(db: TDb, eventId: number, id: string): Promise<TGateTicket | null> {
  const salt = cpfSaltOf(await eventRotationKey(db, eventId));
  return (await gateTickets(db, eventId, salt, { ids: [id] }))[0] ?? null;
}

/** GET .../list: the event, its keys, and its tickets (all, or changed since `since`); null: no such event. */
export async function gateList(
  db: TDb,
  signer: TTicketSigner,
  eventId: number,
  since: string | undefined,
): Promise<TGateList | null> {
  const [event] = await rows<TEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from events e join venues v on v.id = e.venue_id where e.id = ${eventId}`,
  );
  if (!event) return null;
  const rotationKey = await eventRotationKey(db, eventId);
  const { tickets, cursor, serverTime } = await gateDelta(db, eventId, since);
  return {
    event: { ...summary(event), ticketCode: event.ticket_code as TTicketCodeMode },
    publicKeyJwk: (await signer.publicKey()).jwk as Record<string, unknown>,
    rotationKey,
    cpfSalt: cpfSaltOf(rotationKey),
    tickets,
    cursor,
    serverTime,
  };
}

/** The event of a ticket (the undo's scope is the ticket's event, whatever the body says), or null. */
export async function eventOfTicket(db: TDb, ticketId: string): Promise<number | null> {
  const [row] = await rows<{ event_id: number }>(
    db,
    sql`select event_id from tickets where id = ${ticketId}`,
  );
  return row ? Number(row.event_id) : null;
}
