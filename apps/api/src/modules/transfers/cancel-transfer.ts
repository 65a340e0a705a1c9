import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import type { TLocale } from '@ingressos/domain';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import { transferError } from './messages.ts';
import type { TMe, TTransferServices } from './transfer-facts.ts';

/** PUT cancelTicketTransfer: the sender takes it back while it is pending. */
export async function cancelTransfer(s: TTransferServices, me: TMe, transferId: string, locale: TLocale) {
  const rows = rowsOf<{ id: string }>(
    await s.db.execute(sql`
      update ticket_transfers set status = ${TRANSFER_STATUS.CANCELLED}, updated_at = now()
      where id = ${transferId} and status = ${TRANSFER_STATUS.PENDING} and from_user_id = ${me.id}
      returning id`),
  );
  if (rows.length === 0) throw transferError('cancel_failed', locale);
}
