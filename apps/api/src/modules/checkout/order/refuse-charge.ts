import type { TAmountMismatch } from '@ingressos/domain/charge-amount';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { recordCharge } from './order-state.ts';
import { refundOrder } from './refund-order.ts';

const MISMATCH_LOGGED = 'a charge whose amount or currency differs from its order did not pay it';

/** The charge and how it differs from its order, as the log tells them. */
const mismatchFacts = (charge: { ref?: string | undefined }, mismatch: TAmountMismatch) => ({
  chargeRef: charge.ref ?? null,
  differs: mismatch.what,
  expected: mismatch.expected,
  got: mismatch.got,
});

/**
 * Issue 31: what happens to an approved charge that is not for the order's amount and currency
 * (settle-payment.ts decides, through chargeAmountMismatch). It never pays: no tickets, no PAGO.
 * - the order's own charge (the one its payment row names, or the first we learn of): the order
 *   ends refunded (6) through the refund path (refund_due, the gateway, 'refunded', the buyer's
 *   e-mail; the reconciler finishes a refund cut short) and its units go back on sale;
 * - any other charge carrying our reference (the payment already follows another one): only that
 *   charge is refunded; the order keeps waiting for its own;
 * - a paid or refunded order's own charge is never refunded here: a person decides.
 * Every case is one error line for a person: order, payment, charge, expected and got (no CPF,
 * no card data).
 */
export async function refuseMismatchedCharge(
  s: TCheckoutServices,
  order: { id: string; cartId: string; status: number },
  payment: { id: string; gateway: string; gatewayRef: string | null },
  charge: { ref?: string | undefined },
  mismatch: TAmountMismatch,
): Promise<'refunded' | 'kept'> {
  const stray = Boolean(charge.ref && payment.gatewayRef && charge.ref !== payment.gatewayRef);
  const settled = order.status === ORDER_STATUS.PAGO || order.status === ORDER_STATUS.ESTORNADO;
  s.log.error(MISMATCH_LOGGED, {
    orderId: order.id,
    paymentId: payment.id,
    gateway: payment.gateway,
    ...mismatchFacts(charge, mismatch),
    action: stray ? 'stray_charge_refunded' : settled ? 'left_for_a_person' : 'order_refunded',
  });
  if (stray && charge.ref) {
    await refundStrayCharge(s, payment.gateway, charge.ref);
    return 'refunded';
  }
  if (settled) return 'kept';
  // The refund follows the charge the payment names (the reconciler finishes it by that id).
  if (charge.ref && !payment.gatewayRef) await recordCharge(s.db, payment.id, { ref: charge.ref });
  await refundOrder(
    s,
    order,
    { id: payment.id, gateway: payment.gateway, gatewayRef: payment.gatewayRef ?? charge.ref ?? null },
    'amount_mismatch',
  );
  return 'refunded';
}

/**
 * Gives back a whole charge that carries our reference but is not the one the payment follows (a
 * second payment made on a hosted page, a charge for another amount). Idempotent: a charge the
 * gateway already reads as refunded is done. Throws when the refund could not be made (the webhook
 * answers 5xx and is sent again; the reconciler asks again).
 */
export async function refundStrayCharge(s: TCheckoutServices, gatewayKind: string, ref: string) {
  const gateway = gatewayOfPayment(s, gatewayKind);
  try {
    await gateway.refund(ref);
  } catch (error) {
    if ((await gateway.getCharge(ref))?.status !== 'refunded') throw error;
  }
}

/**
 * One card of a split approved for another amount or currency than its part (issue 31): the
 * charge is refunded at once (the caller then records the part as failed, and the buyer pays that
 * part again). Throws when the refund could not be made: the part stays as it was and the
 * reconciler, which asks every open part, tries again.
 */
export async function refuseMismatchedPart(
  s: TCheckoutServices,
  part: { id: string; orderId: string; gateway: string },
  charge: { ref?: string | undefined },
  mismatch: TAmountMismatch,
) {
  s.log.error(MISMATCH_LOGGED, {
    orderId: part.orderId,
    partId: part.id,
    gateway: part.gateway,
    ...mismatchFacts(charge, mismatch),
    action: 'part_charge_refunded',
  });
  if (!charge.ref) throw new Error('an approved split card without the gateway id cannot be refunded');
  await refundStrayCharge(s, part.gateway, charge.ref);
}
