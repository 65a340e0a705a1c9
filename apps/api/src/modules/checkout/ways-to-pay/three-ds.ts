import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { GatewayRefusedError } from '../../../adapters/payments/gateway.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { paymentError } from '../messages.ts';
import { PENDING_CHALLENGE } from '../order/challenge.ts';
import { settlePayment } from '../order/settle-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { findOwnOrder } from './own-order.ts';
import { paymentAnswer } from './payment-answer.ts';

/**
 * POST /api/checkout/orders/{id}/3ds: completes the buyer's own charge that awaits a 3-D Secure
 * challenge with the challenge's result (commerce §3 `auth3dsId`), then settles the order:
 * approved issues the tickets; refused (cc_rejected_3ds_challenge) ends it with the spec's
 * not-authorised message and hands the cart back to the buyer's session. A repeat after the order
 * settled answers it as it stands; someone else's order is not found; an auth id the gateway does
 * not recognise for this charge changes nothing (422).
 */
export async function completeChallenge(
  s: TCheckoutServices,
  input: { user: TUserRow; orderId: string; auth3dsId: string; sessionId: string | undefined },
  locale: TLocale,
) {
  const row = await findOwnOrder(s.db, input.user.id, input.orderId, locale);
  const { order, payment } = row;
  const waiting = order.status === ORDER_STATUS.AGUARDANDO_PAGAMENTO;
  if (!waiting && payment.challengeUrl) return paymentAnswer(s, order.id, locale);
  if (!waiting || payment.statusDetail !== PENDING_CHALLENGE || !payment.gatewayRef)
    throw paymentError('challenge_not_pending', locale);
  const gateway = gatewayOfPayment(s, payment.gateway);
  if (!gateway.capabilities.threeDS || !gateway.completeChallenge)
    throw paymentError('challenge_not_pending', locale);
  let charge: Awaited<ReturnType<NonNullable<typeof gateway.completeChallenge>>>;
  try {
    charge = await gateway.completeChallenge(payment.gatewayRef, input.auth3dsId);
  } catch (error) {
    if (error instanceof GatewayRefusedError) throw paymentError('challenge_invalid', locale);
    // No answer: the charge keeps waiting; the status poll and the reconciler ask the gateway.
    s.log.error('the challenge completion has no answer', { error, orderId: order.id });
    return paymentAnswer(s, order.id, locale);
  }
  await settlePayment(s, payment.id, charge, locale, { reattachTo: input.sessionId });
  return paymentAnswer(s, order.id, locale);
}
