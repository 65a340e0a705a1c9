import { randomUUID } from 'node:crypto';
import type { TCreatePaymentRequest, TMultiplePayment, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { chargeAmountMismatch } from '@ingressos/domain/charge-amount';
import { installmentPlan } from '@ingressos/domain/installments';
import { formatMoney } from '@ingressos/domain/money';
import { awaitsPayment } from '@ingressos/domain/order-lifecycle';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { GatewayRefusedError, type TPaymentGateway } from '../../../adapters/payments/gateway.ts';
import type { TDb } from '../../../db/client.ts';
import { and, asc, eq, sql } from '../../../db/orm.ts';
import { orders, paymentParts, payments } from '../../../db/schema/index.ts';
import { violatedUniqueConstraint } from '../../accounts/find-user.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { paymentError, paymentMessage } from '../messages.ts';
import { endOrder } from '../order/end-order.ts';
import { claimPart, setPartStatus } from '../order/order-state.ts';
import { ENDED_WITHOUT_TICKETS, refundParts } from '../order/refund-parts.ts';
import { refuseMismatchedPart } from '../order/refuse-charge.ts';
import { settlePayment, type TChargeState } from '../order/settle-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { eventNoInterest } from './get-installments.ts';
import { centsOf, fraudAnalysisOf, payerCpfOf } from './order-from-cart.ts';

/**
 * Ways to pay: multi-payment (commerce §1, §3 "Pending multi-payment"). One order split across
 * several cards, each its own charge (its own token, installments, and this part's row id as the
 * gateway's external reference). The order is reserved once (its units held for the split's
 * window) and paid, tickets issued, only when every part is approved; a declined part may be tried
 * again with another card; giving up refunds the approved parts and puts the units back on sale.
 * The only writer of `payment_parts.status`: each move is a conditional UPDATE from the states
 * it may follow, as order-state.ts does for orders.
 */

/** The least one card pays (decision: R$ 5,00, or 5.00 of the event's currency). */
export const MULTI_MIN_CENTS = 500;
/** The most cards one order is split across. */
export const MULTI_MAX_PARTS = 5;

const LIVE = ['created', 'pending', 'in_process'] as const;
const DECLINED = ['rejected', 'failed', 'cancelled', 'expired'];

type TPart = typeof paymentParts.$inferSelect;

/**
 * The split the first card's request declares (`multiplePaymentValues`, every card's amount in
 * order): 2 to MULTI_MAX_PARTS cards, each at least MULTI_MIN_CENTS, summing exactly to the
 * cart's total, the first being this request's `multiplePaymentValue`. Answers the amounts in cents.
 */
export function splitPlanOf(
  gateway: TPaymentGateway,
  cartCents: number,
  currency: string,
  body: TCreatePaymentRequest,
  locale: TLocale,
): number[] {
  if (!gateway.capabilities.multiCard || !gateway.currencies.card.includes(currency))
    throw paymentError('multi_unavailable', locale);
  if (!body.card) throw paymentError('card_required', locale);
  const values = (body.multiplePaymentValues ?? []).map(centsOf);
  if (values.length < 2 || values.length > MULTI_MAX_PARTS)
    throw paymentError('multi_parts', locale, { max: String(MULTI_MAX_PARTS) });
  if (values.some((value) => value < MULTI_MIN_CENTS))
    throw paymentError('multi_minimum', locale, { minimum: formatMoney(MULTI_MIN_CENTS / 100, currency) });
  if (values.reduce((sum, value) => sum + value, 0) !== cartCents)
    throw paymentError('multi_sum', locale, { total: formatMoney(cartCents / 100, currency) });
  if (body.multiplePaymentValue === undefined || centsOf(body.multiplePaymentValue) !== values[0])
    throw paymentError('multi_value_mismatch', locale, { value: formatMoney(values[0]! / 100, currency) });
  return values;
}

/** How long a split's units are held: its window, whatever a single card would need. */
export const splitHoldUntil = (s: TCheckoutServices) =>
  new Date(Date.now() + s.config.MULTI_PAYMENT_WINDOW_SECONDS * 1000);

/** The split's parts, all 'awaiting', written right after the order is reserved (nothing charged yet). */
export async function startSplit(
  s: TCheckoutServices,
  split: { orderId: string; paymentId: string; gateway: string; currency: string; values: number[] },
) {
  await s.db
    .insert(paymentParts)
    .values(
      split.values.map((valueCents, position) => ({
        id: randomUUID(),
        orderId: split.orderId,
        paymentId: split.paymentId,
        position,
        attempt: 1,
        valueCents,
        amountCents: valueCents,
        currency: split.currency,
        gateway: split.gateway,
        status: 'awaiting',
        statusDetail: 'awaiting_card',
      })),
    )
    .onConflictDoNothing();
}

const partsOf = (db: TDb, orderId: string) =>
  db
    .select()
    .from(paymentParts)
    .where(eq(paymentParts.orderId, orderId))
    .orderBy(asc(paymentParts.position), asc(paymentParts.attempt));

/** Each part's latest attempt, in order. */
function latestOf(parts: TPart[]) {
  const latest = new Map<number, TPart & { attempts: number }>();
  for (const part of parts) latest.set(part.position, { ...part, attempts: part.attempt });
  return [...latest.values()].sort((a, b) => a.position - b.position);
}

/** The split as the buyer sees it (cards masked), or null for an order that is not split. */
export async function splitView(s: TCheckoutServices, orderId: string): Promise<TMultiplePayment | null> {
  const parts = await partsOf(s.db, orderId);
  if (parts.length === 0) return null;
  const latest = latestOf(parts);
  const currency = latest[0]!.currency;
  const open = latest.filter((part) => part.status !== 'approved' && part.status !== 'refunded');
  const next = open[0];
  return {
    multiplePaymentUID: orderId,
    total: latest.reduce((sum, part) => sum + part.valueCents, 0) / 100,
    currency,
    minimum: MULTI_MIN_CENTS / 100,
    remaining: open.reduce((sum, part) => sum + part.valueCents, 0) / 100,
    nextPosition: next && !(LIVE as readonly string[]).includes(next.status) ? next.position : null,
    payments: latest.map((part) => ({
      position: part.position,
      paymentCode: part.id,
      value: part.valueCents / 100,
      amount: part.amountCents / 100,
      installments: part.installments,
      status: part.status,
      statusDetail: part.statusDetail,
      card:
        part.cardBrand && part.cardLast4
          ? { brand: part.cardBrand, last4: part.cardLast4, masked: `**** **** **** ${part.cardLast4}` }
          : null,
      attempts: part.attempts,
    })),
  };
}

/** The buyer's message for a split: the declined card to try again, if any. */
export function splitMessage(view: TMultiplePayment | null, locale: TLocale) {
  const declined = view?.payments.find((part) => DECLINED.includes(part.status));
  return declined
    ? paymentMessage('multi_part_declined', locale, { position: String(declined.position + 1) })
    : '';
}

async function ownSplit(s: TCheckoutServices, userId: string, orderId: string, locale: TLocale) {
  const [order] = await s.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  const [payment] = order ? await s.db.select().from(payments).where(eq(payments.orderId, order.id)) : [];
  const parts = order ? await partsOf(s.db, order.id) : [];
  // Someone else's split, or an order that is not split: the same answer as none at all.
  if (!order || !payment || parts.length === 0) throw paymentError('order_not_found', locale);
  return { order, payment, parts };
}

/**
 * One card of a split (POST checkout/v1 with `isMultiplePayment` and `multiplePaymentUid`; the
 * first card comes through createPayment once the order is reserved): the next part not yet
 * approved, for exactly its amount, with this card's installments. Idempotent per Idempotency-Key
 * (a repeat answers the split as it stands); a part already being answered is not charged twice.
 */
export async function payPart(
  s: TCheckoutServices,
  input: { user: TUserRow; idempotencyKey: string; body: TCreatePaymentRequest; orderId: string },
  locale: TLocale,
  answer: (orderId: string) => Promise<TPaymentAnswer>,
): Promise<TPaymentAnswer> {
  const { user, body } = input;
  const { order, payment, parts } = await ownSplit(s, user.id, input.orderId, locale);
  if (parts.some((part) => part.idempotencyKey === input.idempotencyKey)) return answer(order.id);
  if (!awaitsPayment(order.status)) throw paymentError('multi_closed', locale);
  if (!body.card) throw paymentError('card_required', locale);
  const next = latestOf(parts).find((part) => part.status !== 'approved');
  if (!next) return answer(order.id);
  if ((LIVE as readonly string[]).includes(next.status)) throw paymentError('payment_in_progress', locale);
  if (body.multiplePaymentValue === undefined || centsOf(body.multiplePaymentValue) !== next.valueCents)
    throw paymentError('multi_value_mismatch', locale, {
      value: formatMoney(next.valueCents / 100, next.currency),
    });
  const gateway = gatewayOfPayment(s, payment.gateway);
  const plan = installmentPlan(next.valueCents, body.card.installments, {
    noInterest: await eventNoInterest(s.db, order.eventId),
    interestBp: gateway.interestBp,
    max: gateway.maxInstallments,
    currency: next.currency,
  });
  if (!plan) throw paymentError('installments_invalid', locale);

  const claim = {
    amountCents: plan.totalCents,
    installments: plan.installments,
    status: 'created',
    statusDetail: 'awaiting_gateway',
    idempotencyKey: input.idempotencyKey,
    updatedAt: new Date(),
  };
  let partId: string;
  try {
    if (next.status === 'awaiting') {
      if (!(await claimPart(s.db, next.id, claim))) throw paymentError('payment_in_progress', locale);
      partId = next.id;
    } else {
      partId = randomUUID();
      await s.db.insert(paymentParts).values({
        ...claim,
        id: partId,
        orderId: order.id,
        paymentId: payment.id,
        position: next.position,
        attempt: next.attempts + 1,
        valueCents: next.valueCents,
        currency: next.currency,
        gateway: payment.gateway,
      });
    }
  } catch (error) {
    if (violatedUniqueConstraint(error) === null) throw error;
    // The same key raced itself, or another retry of this part won: answer as it stands.
    if ((await partsOf(s.db, order.id)).some((part) => part.idempotencyKey === input.idempotencyKey))
      return answer(order.id);
    throw paymentError('payment_in_progress', locale);
  }

  let charge: TChargeState | null;
  try {
    const made = await gateway.chargeCard({
      externalRef: partId,
      amountCents: plan.totalCents,
      currency: next.currency,
      installments: plan.installments,
      token: body.card.token,
      paymentMethodId: body.card.paymentMethodId,
      issuerId: body.card.issuerId,
      payerEmail: user.email,
      payerCpf: payerCpfOf(user),
      description: `${order.lines[0]?.eventName ?? ''} (${next.position + 1}/${parts.length ? latestOf(parts).length : 1})`,
      fraudAnalysis: fraudAnalysisOf(user, order.lines),
      deviceId: body.deviceId,
    });
    await recordPartCharge(s.db, partId, made);
    charge = made;
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      s.log.warn('the gateway refused a split card', { error, orderId: order.id, gateway: gateway.kind });
      charge = { status: 'failed', statusDetail: 'gateway_refused' };
    } else {
      // Unknown outcome: the part stays 'created' and the reconciler asks by its reference.
      s.log.error('a split card has no answer: the reconciler will ask the gateway', {
        error,
        orderId: order.id,
      });
      charge = null;
    }
  }
  if (charge) await settlePart(s, partId, charge, locale);
  return answer(order.id);
}

async function recordPartCharge(
  db: TDb,
  partId: string,
  charge: { ref: string; brand?: string | undefined; last4?: string | undefined },
) {
  await db.execute(
    sql`update payment_parts set gateway_ref = coalesce(gateway_ref, ${charge.ref}),
          card_brand = coalesce(card_brand, ${charge.brand ?? null}),
          card_last4 = coalesce(card_last4, ${charge.last4 ?? null}), updated_at = now()
        where id = ${partId}`,
  );
}

/**
 * Applies what the gateway says of one part: its status moves only from a live one ('created',
 * pending, in review). When the last part is approved the whole payment settles (tickets, or a
 * refund of every part when the order cannot be honoured); a part approved on an order that ended
 * without tickets is refunded. A declined part leaves the order waiting for another card.
 * Issue 31: an approved card counts only for exactly its part's amount (the share plus its
 * plan's interest) in the split's currency; any other is refunded and reads failed, so the
 * buyer pays that part again.
 */
export async function settlePart(
  s: TCheckoutServices,
  partId: string,
  reported: TChargeState,
  locale: TLocale,
) {
  let charge = reported;
  if (charge.status === 'approved' && !s.config.TEST_UNSAFE_NO_AMOUNT_CHECK) {
    const [part] = await s.db.select().from(paymentParts).where(eq(paymentParts.id, partId));
    const mismatch = part
      ? chargeAmountMismatch({ amountCents: part.amountCents, currency: part.currency }, charge)
      : null;
    if (part && mismatch) {
      await refuseMismatchedPart(s, part, charge, mismatch);
      charge = { ref: charge.ref, status: 'failed', statusDetail: 'amount_mismatch_refunded' };
    }
  }
  if (charge.ref) await recordPartCharge(s.db, partId, { ref: charge.ref });
  await setPartStatus(s.db, partId, { status: charge.status, detail: charge.statusDetail });
  if (charge.status !== 'approved') return;
  const [part] = await s.db.select().from(paymentParts).where(eq(paymentParts.id, partId));
  if (!part) return;
  const [order] = await s.db.select().from(orders).where(eq(orders.id, part.orderId));
  if (!order) return;
  if (awaitsPayment(order.status)) {
    const latest = latestOf(await partsOf(s.db, order.id));
    // The whole is the sum of the shares (each card's interest is its own): the order's total.
    if (latest.every((each) => each.status === 'approved'))
      await settlePayment(
        s,
        part.paymentId,
        {
          status: 'approved',
          statusDetail: `multiple_payment:${latest.length}`,
          amountCents: latest.reduce((sum, each) => sum + each.valueCents, 0),
          currency: part.currency,
        },
        locale,
      );
    return;
  }
  if ((ENDED_WITHOUT_TICKETS as number[]).includes(order.status)) await refundParts(s, order.id);
}

/**
 * POST api/reimburseService/reimburseMultiplePayments/{transactionUID}: the buyer gives up their
 * split. The order ends (8, cancelled) with its units back on sale, then its approved cards are
 * refunded. Repeating it changes nothing; a split already paid is refused.
 */
export async function giveUpSplit(
  s: TCheckoutServices,
  user: TUserRow,
  orderId: string,
  locale: TLocale,
  answer: (orderId: string) => Promise<TPaymentAnswer>,
) {
  const { order, payment } = await ownSplit(s, user.id, orderId, locale);
  if (order.status === ORDER_STATUS.PAGO) throw paymentError('multi_closed', locale);
  if (awaitsPayment(order.status))
    await endOrder(s, {
      order,
      to: ORDER_STATUS.CANCELADO,
      paymentId: payment.id,
      payment: { status: 'cancelled', detail: 'multiple_given_up' },
    });
  try {
    await refundParts(s, order.id);
  } catch {
    // Left due: the reconciler finishes it; the buyer sees the parts still approved meanwhile.
  }
  const answered = await answer(order.id);
  return { ...answered, message: paymentMessage('multi_given_up', locale) };
}
