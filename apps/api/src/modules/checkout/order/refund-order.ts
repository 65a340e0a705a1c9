import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { withTransaction } from '../../../db/with-transaction.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { endOrder } from './end-order.ts';
import { setPaymentStatus } from './order-state.ts';
import { enqueueRefundMail } from './refund-mail.ts';
import { refundParts } from './refund-parts.ts';

/** Why money was given back: each has its message to the buyer (messages.ts, the e-mail). */
export type TRefundReason =
  | 'lot_sold_out'
  | 'coupon_sold_out'
  | 'cpf_limit'
  | 'paid_after_cancel'
  | 'paid_after_refusal'
  /** Issue 31: the charge was not for the order's amount or currency: it never paid the order. */
  | 'amount_mismatch';

const DUE = 'refund_due:';
export const refundDue = (reason: TRefundReason) => `${DUE}${reason}`;
/** The reason of a refund, from a payment's status detail (due or done). */
export function refundReasonOf(detail: string | null): TRefundReason | null {
  const reason = detail?.startsWith(DUE) ? detail.slice(DUE.length) : detail;
  return reason === 'lot_sold_out' ||
    reason === 'coupon_sold_out' ||
    reason === 'cpf_limit' ||
    reason === 'paid_after_cancel' ||
    reason === 'paid_after_refusal' ||
    reason === 'amount_mismatch'
    ? reason
    : null;
}

/**
 * Gives the money of an approved charge back when its order cannot be honoured. First the order
 * moves to 6 ESTORNADO with its payment marked `refund_due:<reason>`, in one transaction with its
 * units going back on sale; then the gateway refunds (idempotent); then the payment reads
 * 'refunded'. A crash or a gateway failure between those leaves `refund_due`, which the
 * reconciler finishes (finishRefund), so money is never kept and never refunded twice.
 */
export async function refundOrder(
  s: TCheckoutServices,
  order: { id: string; cartId: string },
  payment: { id: string; gateway: string; gatewayRef: string | null },
  reason: TRefundReason,
) {
  const ended = await endOrder(s, {
    order,
    to: ORDER_STATUS.ESTORNADO,
    paymentId: payment.id,
    payment: { status: 'approved', detail: refundDue(reason) },
  });
  // Another process moved it first (and refunds it), or it was paid meanwhile: nothing to give back here.
  if (!ended) return;
  await finishRefund(s, {
    orderId: order.id,
    paymentId: payment.id,
    gateway: payment.gateway,
    gatewayRef: payment.gatewayRef,
    reason,
  });
}

/** The gateway's part of a refund that is due, then the record and the buyer's e-mail. */
export async function finishRefund(
  s: TCheckoutServices,
  due: {
    orderId: string;
    paymentId: string;
    gateway: string;
    gatewayRef: string | null;
    reason: TRefundReason;
  },
) {
  if (due.gatewayRef) {
    const gateway = gatewayOfPayment(s, due.gateway);
    try {
      await gateway.refund(due.gatewayRef);
    } catch (error) {
      // Refused because it was refunded already (by another process, or before a crash): done.
      const charge = await gateway.getCharge(due.gatewayRef);
      if (charge?.status !== 'refunded') throw error;
    }
  } else {
    // Ways to pay: multi-payment — a split's whole has no charge of its own: its cards are refunded.
    await refundParts(s, due.orderId);
  }
  // The buyer's e-mail commits with the 'refunded' mark: it exists exactly when the refund is recorded.
  const refunded = await withTransaction(s.db, async (tx) => {
    if (
      !(await setPaymentStatus(
        tx,
        due.paymentId,
        { status: 'refunded', detail: due.reason },
        s.config.TEST_UNSAFE_ORDER_MOVES,
      ))
    )
      return false;
    await enqueueRefundMail({ db: tx, config: s.config }, due.orderId, due.reason, 'pt-BR');
    return true;
  });
  if (refunded) {
    s.log.warn('an approved charge was refunded', { orderId: due.orderId, reason: due.reason });
    s.outbox.nudge();
  }
}
