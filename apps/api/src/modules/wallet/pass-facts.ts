import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TOrderLine } from '../../db/schema/index.ts';
import { lineOf } from '../tickets/my-tickets.ts';

/** What a pass shows of a ticket, and whether the pass of `serial` still stands. */
export type TPassFacts = {
  serial: string;
  ticketId: string;
  eventId: number;
  eventName: string;
  startsAt: Date;
  timeZone: string;
  venue: string;
  city: string;
  sector: string;
  ticketName: string;
  holder: string;
  /** The static QR text, or null in mode `rotating` (a pass cannot rotate it; the app/site shows it). */
  barcode: string | null;
  /** Transferred (a later QR version) or refunded / event cancelled (voided_at). */
  voided: boolean;
  /** When the ticket last changed (tickets.changed_at, kept by a trigger): the pass's Last-Modified. */
  changedAt: Date;
  authToken: string;
};

type TRow = {
  id: string;
  event_id: number;
  user_id: string;
  qr: string;
  qr_version: number;
  voided_at: Date | string | null;
  changed_at: Date | string;
  unit: number;
  holder_cpf: string;
  holder_name: string | null;
  lines: TOrderLine[];
  event_name: string;
  starts_at: Date | string;
  time_zone: string;
  ticket_code: string;
  venue: string;
  city: string;
  state: string;
};

const select = sql`
  select t.id, t.event_id, t.user_id, t.qr, t.qr_version, t.voided_at, t.changed_at, t.unit, t.holder_cpf, hu.name as holder_name,
         o.lines, e.name as event_name, e.starts_at, e.time_zone, e.ticket_code, v.name as venue, v.city, v.state
  from tickets t
  join orders o on o.id = t.order_id
  join events e on e.id = t.event_id
  join venues v on v.id = e.venue_id
  left join users hu on hu.document = t.holder_cpf`;

function facts(row: TRow, serial: string, version: number, authToken: string): TPassFacts {
  const line = lineOf(row.lines, row.unit);
  const voided = Number(row.qr_version) !== version || row.voided_at !== null;
  // A void pass shows neither a code nor the holder (after a transfer, that is someone else).
  return {
    serial,
    ticketId: row.id,
    eventId: Number(row.event_id),
    eventName: row.event_name,
    startsAt: new Date(row.starts_at),
    timeZone: row.time_zone,
    venue: row.venue,
    city: `${row.city} - ${row.state}`,
    sector: [line?.sectionName, line?.placeAlias].filter(Boolean).join(' · '),
    ticketName: line?.ticketName ?? '',
    holder: voided ? '' : (row.holder_name ?? ''),
    barcode: voided || row.ticket_code === 'rotating' ? null : row.qr,
    voided,
    changedAt: new Date(row.changed_at),
    authToken,
  };
}

/**
 * The holder's own standing ticket, with its pass (made on first ask: serial `<ticket>.<version>`
 * and a random authentication token). Null when it is not theirs, or void.
 */
export async function holderPass(db: TDb, ticketId: string, userId: string): Promise<TPassFacts | null> {
  const [row] = await rows<TRow>(db, sql`${select} where t.id = ${ticketId} and t.user_id = ${userId}`);
  if (!row || row.voided_at !== null) return null;
  const version = Number(row.qr_version);
  const serial = `${row.id}.${version}`;
  await db.execute(sql`
    insert into wallet_passes (serial, ticket_id, qr_version, auth_token)
    values (${serial}, ${row.id}, ${version}, ${randomBytes(24).toString('base64url')})
    on conflict (serial) do nothing`);
  const [pass] = await rows<{ auth_token: string }>(
    db,
    sql`select auth_token from wallet_passes where serial = ${serial}`,
  );
  return facts(row, serial, version, pass!.auth_token);
}

/** A pass by its serial, as its device asks for it: null unless `token` is its authentication token. */
export async function passBySerial(
  db: TDb,
  serial: string,
  token: string | null,
): Promise<TPassFacts | null> {
  const [pass] = await rows<{ ticket_id: string; qr_version: number; auth_token: string }>(
    db,
    sql`select ticket_id, qr_version, auth_token from wallet_passes where serial = ${serial}`,
  );
  if (!pass || !token || !sameText(pass.auth_token, token)) return null;
  const [row] = await rows<TRow>(db, sql`${select} where t.id = ${pass.ticket_id}`);
  return row ? facts(row, serial, Number(pass.qr_version), pass.auth_token) : null;
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
