import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { and, eq } from '../../../db/orm.ts';
import { orders, paymentParts } from '../../../db/schema/index.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { markPartRefunded } from './order-state.ts';

/** The order statuses that end a split without tickets: its approved cards are given back. */
export const ENDED_WITHOUT_TICKETS = [
  ORDER_STATUS.ESTORNADO,
  ORDER_STATUS.NAO_AUTORIZADO,
  ORDER_STATUS.CANCELADO,
];

/**
 * Gives back every approved part of an order that ended without tickets: each part is marked
 * `refund_due` first, then refunded at the gateway (idempotent), then reads 'refunded'. A failure
 * leaves `refund_due`, which the reconciler finishes. Throws when a refund could not be made.
 */
export async function refundParts(s: TCheckoutServices, orderId: string) {
  const [order] = await s.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order || !(ENDED_WITHOUT_TICKETS as number[]).includes(order.status)) return 0;
  const approved = await s.db
    .select()
    .from(paymentParts)
    .where(and(eq(paymentParts.orderId, orderId), eq(paymentParts.status, 'approved')));
  let refunded = 0;
  let failure: unknown = null;
  for (const part of approved) {
    await s.db
      .update(paymentParts)
      .set({ statusDetail: 'refund_due', updatedAt: new Date() })
      .where(and(eq(paymentParts.id, part.id), eq(paymentParts.status, 'approved')));
    try {
      const gateway = gatewayOfPayment(s, part.gateway);
      const ref = part.gatewayRef ?? (await gateway.findByExternalRef(part.id))?.ref;
      if (ref) {
        try {
          await gateway.refund(ref);
        } catch (error) {
          if ((await gateway.getCharge(ref))?.status !== 'refunded') throw error;
        }
      }
      if (await markPartRefunded(s.db, part.id)) refunded += 1;
    } catch (error) {
      s.log.warn('a split card could not be refunded yet; tried again at the next pass', { error, orderId });
      failure = error;
    }
  }
  if (refunded > 0) s.log.warn('approved split cards were refunded', { orderId, refunded });
  if (failure) throw failure;
  return refunded;
}
