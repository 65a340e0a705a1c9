import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import type { TLocale } from '@ingressos/domain';
import { hideCpf } from '@ingressos/domain/cpf';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { lockHolderCpf } from '../checkout/holders/holder-cpf-lock.ts';
import { receivedBy } from './list-transfers.ts';
import { transferError } from './messages.ts';
import { tellSender } from './tell-sender.ts';
import { heldBy, type TMe, type TTransferServices, ticketFacts, upcoming } from './transfer-facts.ts';

export type TTransferRow = { id: string; ticket_id: string; from_user_id: string; destination_cpf: string };

/**
 * PUT confirmTransfer: the destination accepts. In one transaction the ticket becomes theirs, its
 * holder becomes their CPF (within the ticket type's per-CPF limit), and it gets a new QR whose
 * higher version voids the old one.
 */
export async function confirmTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  await inTransaction(s.db, async (tx) => {
    const [transfer] = rowsOf<TTransferRow>(
      await tx.execute(sql`
        update ticket_transfers tt set status = ${TRANSFER_STATUS.CONFIRMED}, destination_user_id = ${me.id}, updated_at = now()
        where tt.id = ${transferId} and tt.status = ${TRANSFER_STATUS.PENDING} and ${receivedBy(me)}
        returning tt.id, tt.ticket_id, tt.from_user_id, tt.destination_cpf`),
    );
    if (!transfer) throw transferError('transfer_not_found', locale);
    const ticket = await ticketFacts(tx, transfer.ticket_id, true);
    if (!ticket || ticket.user_id !== transfer.from_user_id) throw transferError('update_failed', locale);
    if (!upcoming(ticket)) throw transferError('event_past', locale);
    if (ticket.tickets_per_cpf !== null) {
      // One confirmation at a time per (ticket type, CPF): two can't both take the last place.
      await lockHolderCpf(tx, ticket.ticket_id, transfer.destination_cpf);
      if ((await heldBy(tx, ticket.ticket_id, transfer.destination_cpf)) >= ticket.tickets_per_cpf)
        throw transferError('cpf_limit', locale, { cpf: hideCpf(transfer.destination_cpf) });
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
    await tellSender(s, tx, transfer.from_user_id, ticket.event_name, true);
  });
  s.outbox.nudge();
}
