import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import type { TLocale } from '@ingressos/domain';
import { hideCpf, isValidCpf } from '@ingressos/domain/cpf';
import type { TMail } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import type { AppError } from '../app-error.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import type { TOutbox } from '../outbox/outbox-worker.ts';
import type { TTicketSigner } from '../tickets/ticket-keys.ts';
import { transferError } from './messages.ts';

export type TTransferServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  outbox: TOutbox;
  limits: TRateLimits;
  signer: TTicketSigner;
};

export type TMe = Pick<TUserRow, 'id' | 'document' | 'name'>;

/**
 * An e-mail about a transfer, enqueued with `db` (the transaction that made the change, so it
 * exists exactly when the change does); a mail server that fails never fails the transfer: the
 * outbox retries. The caller nudges `s.outbox` after its commit.
 */
export const queueMail = (db: TDb, mail: TMail) => enqueueMessage(db, { channel: 'mail', mail });

export type TTicketFacts = {
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

/** A ticket's facts for a transfer; a void ticket (refunded, its event cancelled: issue 33) has none, it cannot be sent. */
export async function ticketFacts(
  db: TDb,
  ticketId: string,
  lock = false,
): Promise<TTicketFacts | undefined> {
  const [row] = rowsOf<TTicketFacts>(
    await db.execute(sql`
      select t.id, t.user_id, t.holder_cpf, t.ticket_id, t.event_id, t.order_id, t.lot_id, t.unit, t.qr_version,
             e.starts_at, e.name as event_name, et.tickets_per_cpf
      from tickets t
      join events e on e.id = t.event_id
      join event_tickets et on et.id = t.ticket_id
      where t.id = ${ticketId} and t.voided_at is null${lock ? sql` for update of t` : sql``}`),
  );
  return row;
}

export const upcoming = (ticket: TTicketFacts) => new Date(ticket.starts_at).getTime() > Date.now();

/** How many tickets of this type the CPF already holds (the per-CPF limit counts them). */
export async function heldBy(db: TDb, ticketTypeId: number, cpf: string) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from tickets where ticket_id = ${ticketTypeId} and holder_cpf = ${cpf} and voided_at is null`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * Why `me` may not send this ticket (to this CPF), or null when they may: it must be theirs, its
 * event still to come, no transfer pending, the CPF valid and not their own, and the destination
 * still under the ticket type's per-CPF limit.
 */
export async function refusal(
  db: TDb,
  me: TMe,
  ticket: TTicketFacts | undefined,
  destinationCpf: string | undefined,
  locale: TLocale,
): Promise<AppError | null> {
  if (!ticket || ticket.user_id !== me.id) return transferError('transfer_failed', locale);
  if (!upcoming(ticket)) return transferError('event_past', locale);
  const [pending] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from ticket_transfers where ticket_id = ${ticket.id} and status = ${TRANSFER_STATUS.PENDING}`,
    ),
  );
  if (pending) return transferError('transfer_pending', locale);
  if (destinationCpf === undefined) return null;
  if (!isValidCpf(destinationCpf)) return transferError('cpf_invalid', locale);
  if (destinationCpf === me.document) return transferError('transfer_self', locale);
  if (
    ticket.tickets_per_cpf !== null &&
    (await heldBy(db, ticket.ticket_id, destinationCpf)) >= ticket.tickets_per_cpf
  )
    return transferError('cpf_limit', locale, { cpf: hideCpf(destinationCpf) });
  return null;
}

/** An e-mail as someone else may see it: the first two characters of its name and its domain. */
export function hideEmail(email: string) {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
