import { randomUUID } from 'node:crypto';
import type { TAddTransferAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { stripCpfMask } from '@ingressos/domain/cpf';
import { firstName } from '@ingressos/domain/person-name';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { listTransfers } from './list-transfers.ts';
import { transferError } from './messages.ts';
import {
  hideEmail,
  queueMail,
  refusal,
  type TMe,
  type TTransferServices,
  ticketFacts,
} from './transfer-facts.ts';
import { transferArrivedMail } from './transfer-mails.ts';

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
  // The partial unique index keeps one pending transfer per ticket, whatever runs at the same time;
  // the destination's e-mail commits with the transfer.
  const added = await withTransaction(s.db, async (tx) => {
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into ticket_transfers (id, ticket_id, from_user_id, destination_cpf, destination_user_id, status)
        select ${id}, ${ticket!.id}, ${me.id}, ${cpf}, ${destination?.id ?? null}, 0
        where exists (select 1 from tickets where id = ${ticket!.id} and user_id = ${me.id})
        on conflict do nothing
        returning id`),
    );
    if (inserted.length === 0) return false;
    if (destination)
      await queueMail(
        tx,
        transferArrivedMail({
          to: destination.email,
          name: firstName(destination.name),
          from: firstName(me.name),
          brand: s.config.BRAND_NAME,
          publicUrl: s.config.publicUrl,
          eventName: ticket!.event_name,
          locale: nationalityLocale(destination.nationality as TNationality),
        }),
      );
    return true;
  });
  if (!added) throw transferError('transfer_pending', locale);
  s.outbox.nudge();
  const [view] = await listTransfers(s.db, me, { id, direction: 'sent' }, locale);
  return { transfer: view!, email: destination ? hideEmail(destination.email) : null };
}
