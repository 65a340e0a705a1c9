import { randomUUID } from 'node:crypto';
import type {
  TAddTransferAnswer,
  TCanTransferAnswer,
  TRevokedQrAnswer,
  TTransferStatus,
  TTransferView,
} from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { hideCpf, isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { firstName } from '@ingressos/domain/person-name';
import { sql } from 'drizzle-orm';
import type { TMail, TMailer } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TOrderLine } from '../../db/schema/index.ts';
import type { HttpError } from '../../http/errors.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { lockHolderCpf } from '../checkout/holder-cpf-lock.ts';
import type { TTicketSigner } from '../checkout/ticket-keys.ts';
import { transferError } from './messages.ts';
import { transferAnsweredMail, transferArrivedMail } from './transfer-mails.ts';

export type TTransferServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  mailer: TMailer;
  limits: TRateLimits;
  signer: TTicketSigner;
};

type TMe = Pick<TUserRow, 'id' | 'document' | 'name'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** E-mails never fail the transfer they tell about: a failure is logged (without addresses). */
async function sendQuietly(s: TTransferServices, mail: TMail, what: string) {
  try {
    await s.mailer.send(mail);
  } catch (error) {
    s.log.error('transfer e-mail failed', { error, what });
  }
}

type TTicketFacts = {
  id: string;
  user_id: string;
  holder_cpf: string;
  ticket_id: number;
  event_id: number;
  order_id: string;
  lot_id: number;
  unit: number;
  qr_version: number;
  starts_at: Date | string;
  event_name: string;
  tickets_per_cpf: number | null;
};

async function ticketFacts(db: TDb, ticketId: string, lock = false): Promise<TTicketFacts | undefined> {
  const [row] = rowsOf<TTicketFacts>(
    await db.execute(sql`
      select t.id, t.user_id, t.holder_cpf, t.ticket_id, t.event_id, t.order_id, t.lot_id, t.unit, t.qr_version,
             e.starts_at, e.name as event_name, et.tickets_per_cpf
      from tickets t
      join events e on e.id = t.event_id
      join event_tickets et on et.id = t.ticket_id
      where t.id = ${ticketId}${lock ? sql` for update of t` : sql``}`),
  );
  return row;
}

const upcoming = (ticket: TTicketFacts) => new Date(ticket.starts_at).getTime() > Date.now();

/** How many tickets of this type the CPF already holds (the per-CPF limit counts them). */
async function heldBy(db: TDb, ticketTypeId: number, cpf: string) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from tickets where ticket_id = ${ticketTypeId} and holder_cpf = ${cpf}`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * Why `me` may not send this ticket (to this CPF), or null when they may: it must be theirs, its
 * event still to come, no transfer pending, the CPF valid and not their own, and the destination
 * still under the ticket type's per-CPF limit.
 */
async function refusal(
  db: TDb,
  me: TMe,
  ticket: TTicketFacts | undefined,
  destinationCpf: string | undefined,
  locale: TLocale,
): Promise<HttpError | null> {
  if (!ticket || ticket.user_id !== me.id) return transferError(404, 'transfer_failed', locale);
  if (!upcoming(ticket)) return transferError(409, 'event_past', locale);
  const [pending] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ticket_transfers where ticket_id = ${ticket.id} and status = 0`),
  );
  if (pending) return transferError(409, 'transfer_pending', locale);
  if (destinationCpf === undefined) return null;
  if (!isValidCpf(destinationCpf)) return transferError(400, 'cpf_invalid', locale);
  if (destinationCpf === me.document) return transferError(400, 'transfer_self', locale);
  if (
    ticket.tickets_per_cpf !== null &&
    (await heldBy(db, ticket.ticket_id, destinationCpf)) >= ticket.tickets_per_cpf
  )
    return transferError(409, 'cpf_limit', locale, { cpf: hideCpf(destinationCpf) });
  return null;
}

/** POST /v1/ticketTransfer/CanTransfer: the same checks as sending, without sending. */
export async function canTransfer(
  s: TTransferServices,
  me: TMe,
  input: { ticketId: string; destinationCpf?: string },
  locale: TLocale,
): Promise<TCanTransferAnswer> {
  const cpf = input.destinationCpf === undefined ? undefined : stripCpfMask(input.destinationCpf);
  const why = await refusal(s.db, me, await ticketFacts(s.db, input.ticketId), cpf, locale);
  return why
    ? { canTransfer: false, code: why.code, message: why.message }
    : { canTransfer: true, code: null, message: null };
}

/** POST /api/transferTicket/addTicketTransfer: the ticket waits, pending, for the destination. */
export async function addTransfer(
  s: TTransferServices,
  me: TMe,
  input: { ticketId: string; destinationCpf: string },
  locale: TLocale,
): Promise<TAddTransferAnswer> {
  const cpf = stripCpfMask(input.destinationCpf);
  const ticket = await ticketFacts(s.db, input.ticketId);
  const why = await refusal(s.db, me, ticket, cpf, locale);
  if (why) throw why;
  const [destination] = rowsOf<{ id: string; email: string; name: string; nationality: number }>(
    await s.db.execute(sql`select id, email, name, nationality from users where document = ${cpf}`),
  );
  const id = randomUUID();
  // The partial unique index keeps one pending transfer per ticket, whatever runs at the same time.
  const inserted = rowsOf<{ id: string }>(
    await s.db.execute(sql`
      insert into ticket_transfers (id, ticket_id, from_user_id, destination_cpf, destination_user_id, status)
      select ${id}, ${ticket!.id}, ${me.id}, ${cpf}, ${destination?.id ?? null}, 0
      where exists (select 1 from tickets where id = ${ticket!.id} and user_id = ${me.id})
      on conflict do nothing
      returning id`),
  );
  if (inserted.length === 0) throw transferError(409, 'transfer_pending', locale);
  if (destination) {
    await sendQuietly(
      s,
      transferArrivedMail({
        to: destination.email,
        name: firstName(destination.name),
        from: firstName(me.name),
        brand: s.config.BRAND_NAME,
        publicUrl: s.config.publicUrl,
        eventName: ticket!.event_name,
        locale: nationalityLocale(destination.nationality as TNationality),
      }),
      'arrived',
    );
  }
  const [view] = await listTransfers(s.db, me, { id, direction: 'sent' }, locale);
  return { transfer: view!, email: destination ? hideEmail(destination.email) : null };
}

/** An e-mail as someone else may see it: the first two characters of its name and its domain. */
export function hideEmail(email: string) {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** The transfers `me` receives: addressed to their account, or to their CPF before they had one. */
const receivedBy = (me: TMe) =>
  sql`(tt.destination_user_id = ${me.id} or (tt.destination_user_id is null and tt.destination_cpf = ${me.document}))`;

type TListRow = {
  id: string;
  status: number;
  ticket_id: string;
  unit: number;
  from_user_id: string;
  destination_cpf: string;
  created_at: Date | string;
  updated_at: Date | string;
  event_id: number;
  event_name: string;
  starts_at: Date | string;
  time_zone: string;
  venue: string;
  city: string;
  state: string;
  lines: TOrderLine[];
  sender_name: string;
  destination_email: string | null;
};

function lineOf(lines: TOrderLine[], unit: number): TOrderLine | undefined {
  let first = 0;
  for (const line of lines) {
    if (unit < first + line.quantity) return line;
    first += line.quantity;
  }
  return undefined;
}

/** GET /api/transferTicket/getUserTransfers: received and/or sent, newest first. */
export async function listTransfers(
  db: TDb,
  me: TMe,
  filter: { status?: TTransferStatus; direction: 'received' | 'sent' | 'all'; id?: string },
  locale: TLocale,
): Promise<TTransferView[]> {
  const received = receivedBy(me);
  const sent = sql`tt.from_user_id = ${me.id}`;
  const where = [
    filter.direction === 'received'
      ? received
      : filter.direction === 'sent'
        ? sent
        : sql`(${received} or ${sent})`,
    filter.status === undefined ? sql`true` : sql`tt.status = ${filter.status}`,
    filter.id ? sql`tt.id = ${filter.id}` : sql`true`,
  ];
  const rows = rowsOf<TListRow>(
    await db.execute(sql`
      select tt.id, tt.status, tt.ticket_id, t.unit, tt.from_user_id, tt.destination_cpf, tt.created_at, tt.updated_at,
             e.id as event_id, e.name as event_name, e.starts_at, e.time_zone,
             v.name as venue, v.city, v.state, o.lines,
             s.name as sender_name,
             (select d.email from users d
               where d.id = tt.destination_user_id or (tt.destination_user_id is null and d.document = tt.destination_cpf)
               limit 1) as destination_email
      from ticket_transfers tt
      join tickets t on t.id = tt.ticket_id
      join orders o on o.id = t.order_id
      join events e on e.id = t.event_id
      join venues v on v.id = e.venue_id
      join users s on s.id = tt.from_user_id
      where ${sql.join(where, sql` and `)}
      order by tt.created_at desc
      limit 200`),
  );
  return rows.map((row) => {
    const line = lineOf(row.lines, row.unit);
    const direction = row.from_user_id === me.id ? 'sent' : 'received';
    return {
      id: row.id,
      direction,
      status: row.status as TTransferStatus,
      ticketId: row.ticket_id,
      eventId: row.event_id,
      eventName: row.event_name,
      eventDate: new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: row.time_zone,
      }).format(new Date(row.starts_at)),
      place: `${row.venue} · ${row.city} - ${row.state}`,
      sectionName: line?.sectionName ?? '',
      ticketName: line?.ticketName ?? '',
      destinationCpf: hideCpf(row.destination_cpf),
      counterpart:
        direction === 'received'
          ? firstName(row.sender_name)
          : row.destination_email
            ? hideEmail(row.destination_email)
            : null,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    } satisfies TTransferView;
  });
}

/** How many transfers wait for `me` to answer (the shell's pop-up and the bell's badge). */
export async function pendingReceivedCount(db: TDb, me: TMe) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ticket_transfers tt where ${receivedBy(me)} and tt.status = 0`,
    ),
  );
  return row?.n ?? 0;
}

type TTransferRow = { id: string; ticket_id: string; from_user_id: string; destination_cpf: string };

/**
 * PUT confirmTransfer: the destination accepts. In one transaction the ticket becomes theirs, its
 * holder becomes their CPF (within the ticket type's per-CPF limit), and it gets a new QR whose
 * higher version voids the old one.
 */
export async function confirmTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  const done = await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as TDb;
    const [transfer] = rowsOf<TTransferRow>(
      await tx.execute(sql`
        update ticket_transfers tt set status = 1, destination_user_id = ${me.id}, updated_at = now()
        where tt.id = ${transferId} and tt.status = 0 and ${receivedBy(me)}
        returning tt.id, tt.ticket_id, tt.from_user_id, tt.destination_cpf`),
    );
    if (!transfer) throw transferError(404, 'update_failed', locale);
    const ticket = await ticketFacts(tx, transfer.ticket_id, true);
    if (!ticket || ticket.user_id !== transfer.from_user_id)
      throw transferError(409, 'update_failed', locale);
    if (!upcoming(ticket)) throw transferError(409, 'event_past', locale);
    if (ticket.tickets_per_cpf !== null) {
      // One confirmation at a time per (ticket type, CPF): two can't both take the last place.
      await lockHolderCpf(tx, ticket.ticket_id, transfer.destination_cpf);
      if ((await heldBy(tx, ticket.ticket_id, transfer.destination_cpf)) >= ticket.tickets_per_cpf)
        throw transferError(409, 'cpf_limit', locale, { cpf: hideCpf(transfer.destination_cpf) });
    }
    const version = ticket.qr_version + 1;
    const qr = await s.signer.sign({
      tid: ticket.id,
      oid: ticket.order_id,
      eid: ticket.event_id,
      lot: ticket.lot_id,
      u: ticket.unit,
      v: version,
    });
    await tx.execute(sql`
      update tickets set user_id = ${me.id}, holder_cpf = ${transfer.destination_cpf}, qr = ${qr}, qr_version = ${version}
      where id = ${ticket.id}`);
    return { transfer, ticket };
  });
  await tellSender(s, done.transfer.from_user_id, done.ticket.event_name, true);
}

/** PUT returnTicketTransfer: the destination refuses; the ticket never left its sender. */
export async function returnTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  const [row] = rowsOf<TTransferRow & { event_name: string }>(
    await s.db.execute(sql`
      with done as (
        update ticket_transfers tt set status = 3, updated_at = now()
        where tt.id = ${transferId} and tt.status = 0 and ${receivedBy(me)}
        returning tt.id, tt.ticket_id, tt.from_user_id, tt.destination_cpf)
      select done.*, e.name as event_name from done join tickets t on t.id = done.ticket_id join events e on e.id = t.event_id`),
  );
  if (!row) throw transferError(404, 'return_failed', locale);
  await tellSender(s, row.from_user_id, row.event_name, false);
}

/** PUT cancelTicketTransfer: the sender takes it back while it is pending. */
export async function cancelTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  const rows = rowsOf<{ id: string }>(
    await s.db.execute(sql`
      update ticket_transfers set status = 2, updated_at = now()
      where id = ${transferId} and status = 0 and from_user_id = ${me.id}
      returning id`),
  );
  if (rows.length === 0) throw transferError(404, 'cancel_failed', locale);
}

async function tellSender(s: TTransferServices, senderId: string, eventName: string, accepted: boolean) {
  const [sender] = rowsOf<{ email: string; name: string; nationality: number }>(
    await s.db.execute(sql`select email, name, nationality from users where id = ${senderId}`),
  );
  if (!sender) return;
  await sendQuietly(
    s,
    transferAnsweredMail({
      to: sender.email,
      name: firstName(sender.name),
      brand: s.config.BRAND_NAME,
      publicUrl: s.config.publicUrl,
      eventName,
      accepted,
      locale: nationalityLocale(sender.nationality as TNationality),
    }),
    accepted ? 'accepted' : 'refused',
  );
}

/**
 * GET /api/tickets/revoked?eventId=: for gates that verify QR codes offline. Each ticket whose QR
 * was re-issued (a transfer) with the lowest `v` still valid: any QR below it is void.
 */
export async function revokedQrs(db: TDb, eventId: number): Promise<TRevokedQrAnswer> {
  const rows = rowsOf<{ id: string; qr_version: number }>(
    await db.execute(
      sql`select id, qr_version from tickets where event_id = ${eventId} and qr_version > 1 order by id`,
    ),
  );
  return {
    eventId,
    generatedAt: new Date().toISOString(),
    revoked: rows.map((row) => ({ tid: row.id, minVersion: row.qr_version })),
  };
}
