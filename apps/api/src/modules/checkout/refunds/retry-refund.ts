import type { TLocale } from '@ingressos/domain';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { recordStaffAction, type TStaffAction } from '../../staff/audit.ts';
import type { TCheckoutServices } from '../services.ts';
import { claimDueRefunds, executeRefund } from './execute-refund.ts';
import { refundError, type TRefundRow } from './refund-rows.ts';

/**
 * Issue 33: POST /api/staff/refunds/:refundId/retry: a refund that ran out of attempts is due
 * again (attempts from zero), with the audit line, then tried at once. Its gateway is read back
 * first like any retry, so money already given is not given again. Answers the row after the try.
 */
export async function retryRefund(
  s: TCheckoutServices,
  input: { refundId: string; audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'> },
  locale: TLocale,
): Promise<TRefundRow['orderId']> {
  const orderId = await withTransaction(s.db, async (tx) => {
    const [row] = await rows<{ order_id: string; status: string }>(
      tx,
      sql`select order_id, status from refunds where id = ${input.refundId} for update`,
    );
    if (!row) throw refundError('refund_not_found', locale);
    if (row.status !== 'failed') throw refundError('refund_not_failed', locale);
    await tx.execute(
      sql`update refunds set status = 'due', attempts = 0, next_attempt_at = now() where id = ${input.refundId}`,
    );
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'refund.retry',
      targetType: 'refund',
      targetId: input.refundId,
      before: { status: 'failed' },
      after: { status: 'due' },
    });
    return row.order_id;
  });
  for (const claimed of await claimDueRefunds(s, { ids: [input.refundId], limit: 1 }))
    await executeRefund(s, claimed, locale);
  return orderId;
}

/** The order of a refund (for the route's event scope check), or null. */
export async function orderOfRefund(s: TCheckoutServices, refundId: string): Promise<string | null> {
  const [row] = await rows<{ order_id: string }>(
    s.db,
    sql`select order_id from refunds where id = ${refundId}`,
  );
  return row?.order_id ?? null;
}
