import type { TCart, TCreatePaymentRequest, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { installmentPlan } from '@ingressos/domain/installments';
import type { TPaymentGateway } from '../../../adapters/payments/gateway.ts';
import { paymentError } from '../messages.ts';
import { chargeOrder } from '../order/charge-order.ts';
import { crashPoint } from '../order/crash-point.ts';
import { settlePayment } from '../order/settle-payment.ts';
import { pausePoint } from '../order/test-pause.ts';
import type { TCheckoutServices } from '../services.ts';
import { eventInterestTerms } from './get-installments.ts';
import { payPart, splitHoldUntil, splitPlanOf, startSplit } from './multi-payment.ts';
import { nfeDocumentOf } from './nfe-document.ts';
import { cartTotalCents, centsOf, fraudAnalysisOf, payerCpfOf } from './order-from-cart.ts';
import { paymentAnswer } from './payment-answer.ts';
import {
  assertShownTotal,
  prepareCheckout,
  preparedOrder,
  reservePrepared,
  reservingAttempt,
  type TCheckoutRequest,
} from './prepare-checkout.ts';

/**
 * What the order charges, in the event's currency: the server's cart total, plus the interest of
 * the installment plan chosen, computed by the same plan the installment list shows. Nothing
 * the client sent about prices counts. A zero total is free: no gateway at all.
 */
async function amountsOf(
  s: TCheckoutServices,
  gateway: TPaymentGateway | null,
  cart: TCart,
  body: TCreatePaymentRequest,
  locale: TLocale,
) {
  const currency = cart.currency ?? 'BRL';
  const cartCents = cartTotalCents(cart);
  if (cartCents === 0)
    return { method: 'free' as const, currency, totalCents: 0, interestCents: 0, installments: 1 };
  if (body.paymentType === 'free') throw paymentError('not_free', locale);
  // The event names a gateway this site has no credentials for: it cannot be paid (nothing is made).
  if (!gateway) throw paymentError('gateway_unavailable', locale);
  // Ways to pay: multi-payment — the order is the cart's total; each card adds its own interest.
  if (body.isMultiplePayment) {
    splitPlanOf(gateway, cartCents, currency, body, locale);
    return {
      method: 'credit_card' as const,
      currency,
      totalCents: cartCents,
      interestCents: 0,
      installments: 1,
    };
  }
  if (body.paymentType === 'pix') {
    if (!gateway.capabilities.methods.includes('pix')) throw paymentError('pix_unavailable', locale);
    if (!gateway.currencies.pix.includes(currency)) throw paymentError('pix_currency', locale);
    return { method: 'pix' as const, currency, totalCents: cartCents, interestCents: 0, installments: 1 };
  }
  if (!body.card) throw paymentError('card_required', locale);
  if (!gateway.currencies.card.includes(currency)) throw paymentError('currency_unsupported', locale);
  // One installment never bears interest, whatever the event's terms: they are read only for more
  // (issue 37: a statement fewer for a card paid at once).
  const terms =
    body.card.installments > 1
      ? await eventInterestTerms(s.db, cart.eventId ?? cart.items[0]!.eventId)
      : { noInterest: false, interestFreeUpTo: null };
  const plan = installmentPlan(cartCents, body.card.installments, {
    ...terms,
    interestBp: gateway.interestBp,
    max: gateway.maxInstallments,
    currency,
  });
  if (!plan) throw paymentError('installments_invalid', locale);
  return {
    method: 'credit_card' as const,
    currency,
    totalCents: plan.totalCents,
    interestCents: plan.totalCents - cartCents,
    installments: plan.installments,
  };
}

/**
 * POST /checkout/v1: pays the session's cart (card, Pix, or nothing for a free cart), as three
 * steps: reserve (the cart becomes an order awaiting payment, with its payment row), charge (one
 * gateway call; an unknown outcome leaves the order waiting), settle (issue the tickets, or end
 * the order and hand the cart back). Idempotent per buyer and Idempotency-Key: the key's first
 * request makes the order and charges once; any repeat, even concurrent, answers that order.
 */
export async function createPayment(
  s: TCheckoutServices,
  input: TCheckoutRequest<TCreatePaymentRequest>,
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const { user, body } = input;
  const prepared = await prepareCheckout(
    s,
    {
      ...reservingAttempt(
        input,
        [body.paymentType, body.card?.installments ?? 1, body.identificationTickets, body.transfers],
        (orderId) => paymentAnswer(s, orderId, locale),
      ),
      beforeCart: async () => {
        // Ways to pay: multi-payment — the next card of a split already reserved.
        if (body.isMultiplePayment && body.multiplePaymentUid)
          return payPart(
            s,
            { user, idempotencyKey: input.idempotencyKey!, body, orderId: body.multiplePaymentUid },
            locale,
            (id) => paymentAnswer(s, id, locale),
          );
        if (body.paymentType === 'credit_card' && !body.card) throw paymentError('card_required', locale);
        return null;
      },
    },
    locale,
  );
  if ('earlier' in prepared) return prepared.earlier;
  const { cart, sessionId, replay } = prepared;
  // Issue 15: the NF-e document, when the event asks for it (or the buyer gave one).
  const nfeDocument = nfeDocumentOf(cart, body, locale);
  const gateway = s.gateways.forEvent(cart.gateway);
  const amounts = await amountsOf(s, gateway, cart, body, locale);
  assertShownTotal(body.totalTicketValue, amounts, locale);
  const pixExpiresAt =
    amounts.method === 'pix' ? new Date(Date.now() + s.config.PIX_EXPIRY_SECONDS * 1000) : null;
  // A card's holds outlast the time its answer and the reconciler's first look may take.
  const holdUntil = body.isMultiplePayment
    ? splitHoldUntil(s)
    : (pixExpiresAt ??
      new Date(
        Date.now() + s.config.PAYMENT_GATEWAY_TIMEOUT_MS + s.config.PAYMENT_RECONCILE_GRACE_SECONDS * 2000,
      ));
  const order = preparedOrder(prepared, user);
  const reserved = await reservePrepared(
    s,
    {
      ...order,
      method: amounts.method,
      installments: amounts.installments,
      totalCents: amounts.totalCents,
      interestCents: amounts.interestCents,
      currency: amounts.currency,
      pixExpiresAt,
      gateway: amounts.method === 'free' || !gateway ? 'free' : gateway.kind,
      nfeDocument,
    },
    holdUntil,
    locale,
  );
  if (!reserved) return (await replay())!;
  const { orderId, paymentId } = reserved;
  crashPoint(s.config.TEST_CRASH_AT, 'after_reserve');
  await pausePoint(s.config.TEST_PAUSE_AT, 'after_reserve');

  if (amounts.method === 'free') {
    await settlePayment(
      s,
      paymentId,
      { status: 'approved', statusDetail: 'free_ticket', amountCents: 0, currency: amounts.currency },
      locale,
    );
    return paymentAnswer(s, orderId, locale);
  }
  // Ways to pay: multi-payment — the split's parts, then its first card.
  if (body.isMultiplePayment) {
    await startSplit(s, {
      orderId,
      paymentId,
      gateway: gateway!.kind,
      currency: amounts.currency,
      values: (body.multiplePaymentValues ?? []).map(centsOf),
    });
    return payPart(s, { user, idempotencyKey: prepared.key, body, orderId }, locale, (id) =>
      paymentAnswer(s, id, locale),
    );
  }
  const charge = await chargeOrder(s, gateway!, {
    orderId,
    paymentId,
    method: amounts.method,
    amountCents: amounts.totalCents,
    currency: amounts.currency,
    installments: amounts.installments,
    card: body.card,
    pixExpiresAt,
    payerEmail: user.email,
    payerCpf: payerCpfOf(user),
    description: `${cart.items[0]!.eventName} (${cart.items.reduce((n, i) => n + i.quantity, 0)})`,
    fraudAnalysis: fraudAnalysisOf(user, order.lines),
    deviceId: body.deviceId,
  });
  // No answer: a Pix nobody can see cannot be paid (the reconciler cancels it); a card keeps
  // 'processing' until the gateway is asked again.
  if (!charge && amounts.method === 'pix') throw paymentError('pix_failed', locale);
  if (charge) await settlePayment(s, paymentId, charge, locale, { reattachTo: sessionId });
  return paymentAnswer(s, orderId, locale);
}
