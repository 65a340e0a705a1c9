import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import type { TLocale } from '@ingressos/domain';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import type { TTransferRow } from './confirm-transfer.ts';
import { receivedBy } from './list-transfers.ts';
import { transferError } from './messages.ts';
import { tellSender } from './tell-sender.ts';
import type { TMe, TTransferServices } from './transfer-facts.ts';

/** PUT returnTicketTransfer: the destination refuses; the ticket never left its sender. */
export async function returnTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  const [row] = rowsOf<TTransferRow & { event_name: string }>(
    await s.db.execute(sql`
      with done as (
        update ticket_transfers tt set status = ${TRANSFER_STATUS.RETURNED}, updated_at = now()
        where tt.id = ${transferId} and tt.status = ${TRANSFER_STATUS.PENDING} and ${receivedBy(me)}
        returning tt.id, tt.ticket_id, tt.from_user_id, tt.destination_cpf)
      select done.*, e.name as event_name from done join tickets t on t.id = done.ticket_id join events e on e.id = t.event_id`),
  );
  if (!row) throw transferError('return_failed', locale);
  await tellSender(s, s.db, row.from_user_id, row.event_name, false);
  s.outbox.nudge();
}
