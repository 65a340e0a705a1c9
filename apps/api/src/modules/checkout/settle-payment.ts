import type { TLocale } from '@ingressos/domain';
import { awaitsPayment, endingStatusOf } from '@ingressos/domain/order-lifecycle';
import { issuesTickets, ORDER_STATUS, type TPaymentStatus } from '@ingressos/domain/payment-status';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/index.ts';
import { crashPoint } from './crash-point.ts';
import { endOrder } from './end-order.ts';
import { issueTickets, OverCpfLimit, SoldOut } from './issue-tickets.ts';
import { moveOrder, recordCharge, setPaymentStatus } from './order-state.ts';
import { refundOrder } from './refund-order.ts';
import type { TCheckoutServices } from './services.ts';

export type TSettleOutcome = { status: TPaymentStatus; soldOut: boolean; issued: number };

/** A charge's state as learnt from the gateway (an answer, a lookup, a webhook) or the free path. */
export type TChargeState = { ref?: string | undefined; status: TPaymentStatus; statusDetail: string };

/**
 * Applies what the gateway says of a charge to its order, through the lifecycle's moves only:
 * - approved: the issue step (tickets) when the order still waits; a refund when it cannot be
 *   honoured (units gone, a CPF over its limit) or when the order had already ended;
 * - refused, cancelled, expired: the order ends (7 or 8); `reattachTo` hands the cart back to the
 *   buyer who is on the page, otherwise its units go back on sale;
 * - refunded at the gateway while the order waits: the order ends refunded;
 * - still open (pending, in review): recorded, the order keeps waiting.
 * Idempotent and safe in every process at once: each move is a conditional UPDATE.
 */
export async function settlePayment(
  s: TCheckoutServices,
  paymentId: string,
  charge: TChargeState,
  locale: TLocale,
  options: { reattachTo?: string | undefined } = {},
): Promise<TSettleOutcome> {
  const [row] = await s.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new Error('payment not found');
  const { order, payment } = row;
  if (charge.ref && !payment.gatewayRef) await recordCharge(s.db, payment.id, { ref: charge.ref });
  const gatewayRef = payment.gatewayRef ?? charge.ref ?? null;
  const outcome = { status: charge.status, detail: charge.statusDetail };
  const none = { status: charge.status, soldOut: false, issued: 0 };

  if (issuesTickets(charge.status)) {
    if (awaitsPayment(order.status)) {
      try {
        const issued = await issueTickets(s, order, payment.id, outcome, locale);
        if (issued > 0) {
          crashPoint(s.config.TEST_CRASH_AT, 'after_issue');
          s.outbox.nudge();
        }
        if (issued >= 0) return { status: charge.status, soldOut: false, issued };
      } catch (error) {
        if (!(error instanceof SoldOut || error instanceof OverCpfLimit)) throw error;
        const reason =
          error instanceof OverCpfLimit
            ? 'cpf_limit'
            : error.what === 'coupon'
              ? 'coupon_sold_out'
              : 'lot_sold_out';
        await refundOrder(s, order, { id: payment.id, gateway: payment.gateway, gatewayRef }, reason);
        return { status: 'refunded', soldOut: true, issued: 0 };
      }
    }
    // Approved after the order ended without it: the money goes back.
    const [now] = await s.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (now?.status === ORDER_STATUS.CANCELADO || now?.status === ORDER_STATUS.NAO_AUTORIZADO) {
      const reason = now.status === ORDER_STATUS.CANCELADO ? 'paid_after_cancel' : 'paid_after_refusal';
      await refundOrder(s, order, { id: payment.id, gateway: payment.gateway, gatewayRef }, reason);
      return { status: 'refunded', soldOut: false, issued: 0 };
    }
    return none;
  }

  if (!awaitsPayment(order.status)) return none;
  const ending = endingStatusOf(charge.status);
  if (ending) {
    await endOrder(s, {
      order,
      to: ending,
      paymentId: payment.id,
      payment: outcome,
      reattachTo: options.reattachTo,
    });
    return none;
  }
  if (charge.status === 'refunded' || charge.status === 'charged_back') {
    await endOrder(s, { order, to: ORDER_STATUS.ESTORNADO, paymentId: payment.id, payment: outcome });
    return none;
  }
  if (charge.status === 'authorized' || charge.status === 'pre_authorized')
    await moveOrder(s.db, {
      orderId: order.id,
      to: ORDER_STATUS.PRE_AUTORIZADO,
      paymentId: payment.id,
      payment: outcome,
    });
  else await setPaymentStatus(s.db, payment.id, outcome);
  return none;
}
