import type { TLocale } from '@ingressos/domain';
import { awaitsPayment } from '@ingressos/domain/order-lifecycle';
import { issuesTickets, ORDER_STATUS } from '@ingressos/domain/payment-status';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { recordStaffAction, type TStaffAction } from '../../staff/audit.ts';
import { releaseOrderCart } from '../order/end-order.ts';
import { moveOrder } from '../order/order-state.ts';
import { settlePayment } from '../order/settle-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { refundError } from './refund-rows.ts';

type TOpen = {
  id: string;
  cart_id: string;
  status: number;
  payment_id: string | null;
  gateway: string | null;
  gateway_ref: string | null;
};

/**
 * Issue 33: support cancels an order still awaiting payment (a Pix the buyer will not pay, a card
 * in review). As the reconciler does, the charge is cancelled at the gateway first; a Pix the bank
 * paid meanwhile comes back approved and is settled instead (the answer then says paid). Else the
 * order ends 8 CANCELADO through the lifecycle, its units back on sale, with the audit line, in
 * one transaction. Answers the order's status after it.
 */
export async function cancelPendingOrder(
  s: TCheckoutServices,
  input: { orderId: string; reason: string; audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'> },
  locale: TLocale,
): Promise<number> {
  const open = await readOpen(s, input.orderId);
  if (!open) throw refundError('refund_order_not_found', locale);
  if (!awaitsPayment(open.status)) throw refundError('cancel_not_pending', locale);
  if (open.payment_id && open.gateway) {
    const gateway = gatewayOfPayment(s, open.gateway);
    const ref = open.gateway_ref ?? (await gateway.findByExternalRef(open.payment_id))?.ref;
    const charge = ref ? await gateway.cancel(ref) : null;
    if (charge && issuesTickets(charge.status)) {
      await settlePayment(s, open.payment_id, charge, locale);
      return (await readOpen(s, input.orderId))?.status ?? open.status;
    }
  }
  const ended = await withTransaction(s.db, async (tx) => {
    await tx.execute(sql`select id from carts where id = ${open.cart_id} for update`);
    const moved = await moveOrder(tx, {
      orderId: open.id,
      to: ORDER_STATUS.CANCELADO,
      paymentId: open.payment_id ?? '',
      payment: { status: 'cancelled', detail: 'by_staff' },
      unguarded: s.config.TEST_UNSAFE_ORDER_MOVES,
    });
    if (!moved) return false;
    await releaseOrderCart(tx, { id: open.id, cartId: open.cart_id });
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'order.cancel',
      targetType: 'order',
      targetId: open.id,
      before: { status: open.status },
      after: { status: ORDER_STATUS.CANCELADO },
      reason: input.reason,
    });
    return true;
  });
  const now = (await readOpen(s, input.orderId))?.status ?? open.status;
  // Settled or ended by another process meanwhile: the order is no longer pending.
  if (!ended && awaitsPayment(now)) throw refundError('cancel_not_pending', locale);
  return now;
}

async function readOpen(s: TCheckoutServices, orderId: string) {
  const [row] = await rows<TOpen>(
    s.db,
    sql`select o.id, o.cart_id, o.status, p.id as payment_id, p.gateway, p.gateway_ref
        from orders o left join payments p on p.order_id = o.id where o.id = ${orderId}`,
  );
  return row;
}
