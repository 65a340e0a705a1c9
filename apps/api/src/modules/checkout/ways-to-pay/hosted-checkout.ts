import type { THostedCheckoutAnswer, THostedCheckoutRequest, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { NATIONALITY } from '@ingressos/domain/account';
import { issuesTickets, ORDER_STATUS } from '@ingressos/domain/payment-status';
import { GatewayRefusedError, type TPaymentGateway } from '../../../adapters/payments/gateway.ts';
import { and, eq, sql } from '../../../db/orm.ts';
import { hostedCheckouts, orders, payments } from '../../../db/schema/index.ts';
import { paymentError } from '../messages.ts';
import { endOrder } from '../order/end-order.ts';
import { setPaymentStatus } from '../order/order-state.ts';
import { settlePayment } from '../order/settle-payment.ts';
import { syncPayment } from '../order/sync-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { cartTotalCents } from './order-from-cart.ts';
import { paymentAnswer } from './payment-answer.ts';
import {
  assertShownTotal,
  prepareCheckout,
  preparedOrder,
  reservePrepared,
  reservingAttempt,
  type TCheckoutRequest,
} from './prepare-checkout.ts';

/** The payment row of an order paid on the gateway's page: its method is chosen there. */
export const HOSTED_METHOD = 'hosted';
const AWAITING = 'awaiting_hosted_checkout';

async function answerOf(
  s: TCheckoutServices,
  orderId: string,
  locale: TLocale,
): Promise<THostedCheckoutAnswer> {
  const [row] = await s.db.select().from(hostedCheckouts).where(eq(hostedCheckouts.orderId, orderId));
  // The same key made an order another way (or its preference was never made): not a hosted checkout.
  if (!row) throw paymentError('idempotency_reused', locale);
  return {
    orderId: row.orderId,
    paymentId: row.paymentId,
    preferenceId: row.preferenceId,
    url: row.url,
    expiresAt: row.expiresAt.toISOString(),
  };
}

function hostedOf(gateway: TPaymentGateway | null, locale: TLocale) {
  if (!gateway) throw paymentError('gateway_unavailable', locale);
  if (!gateway.capabilities.hostedCheckout || !gateway.hostedCheckout)
    throw paymentError('hosted_unavailable', locale);
  return gateway.hostedCheckout;
}

/**
 * POST api/checkoutPro/create (commerce §7): the session's cart becomes an order awaiting payment,
 * exactly as for a card or a Pix (the same reserve step, amount checks and Idempotency-Key per
 * buyer), and the event's gateway makes a preference for it: the page where the buyer pays (card,
 * Pix, their wallet). The payment made there carries our payment id as its reference; the return to
 * /pedido/:id, the webhook and the reconciler find it and settle the order. Until the preference
 * expires (PIX_EXPIRY_SECONDS, as long as a Pix), the order's units stay held.
 */
export async function createHostedCheckout(
  s: TCheckoutServices,
  input: TCheckoutRequest<THostedCheckoutRequest>,
  locale: TLocale,
): Promise<THostedCheckoutAnswer> {
  const { user, body } = input;
  const prepared = await prepareCheckout(
    s,
    reservingAttempt(input, ['hosted', body.identificationTickets, body.transfers], (orderId) =>
      answerOf(s, orderId, locale),
    ),
    locale,
  );
  if ('earlier' in prepared) return prepared.earlier;
  const { cart, sessionId, replay } = prepared;
  const gateway = s.gateways.forEvent(cart.gateway);
  const hosted = hostedOf(gateway, locale);
  const currency = cart.currency ?? 'BRL';
  const totalCents = cartTotalCents(cart);
  // A free cart needs no payment page (POST /checkout/v1 confirms it).
  if (totalCents === 0) throw paymentError('hosted_unavailable', locale);
  if (!gateway!.currencies.card.includes(currency)) throw paymentError('currency_unsupported', locale);
  assertShownTotal(body.totalTicketValue, { totalCents, currency }, locale);
  const expiresAt = new Date(Date.now() + s.config.PIX_EXPIRY_SECONDS * 1000);
  const order = preparedOrder(prepared, user);
  const reserved = await reservePrepared(
    s,
    {
      ...order,
      method: 'credit_card',
      installments: 1,
      totalCents,
      interestCents: 0,
      currency,
      pixExpiresAt: null,
      gateway: gateway!.kind,
    },
    new Date(expiresAt.getTime() + s.config.PAYMENT_RECONCILE_GRACE_SECONDS * 2000),
    locale,
  );
  if (!reserved) return (await replay())!;
  const { orderId, paymentId } = reserved;
  await s.db
    .update(payments)
    .set({ method: HOSTED_METHOD, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));

  const back = `${s.config.publicUrl}/pedido/${orderId}`;
  let made: { preferenceId: string; url: string };
  try {
    made = await hosted.create({
      externalRef: paymentId,
      amountCents: totalCents,
      currency,
      items: order.lines.map((line) => ({
        id: `lot-${line.lotId}`,
        title: `${line.eventName} — ${line.sectionName} — ${line.ticketName}`.slice(0, 250),
        quantity: line.quantity,
        unitCents: line.unitCents + (line.feeCents ?? 0),
      })),
      payer: {
        email: user.email,
        name: user.name,
        cpf: user.nationality === NATIONALITY.brazilian ? user.document : undefined,
      },
      backUrls: { success: back, pending: back, failure: back },
      notificationUrl: gateway!.webhook ? `${s.config.publicUrl}${gateway!.webhook.path}` : undefined,
      expiresAt,
      description: `${cart.items[0]!.eventName} (${cart.items.reduce((n, i) => n + i.quantity, 0)})`,
    });
  } catch (error) {
    // Refused, or no answer: nobody has the page's address, so nobody can pay there. The order
    // ends at once and the cart is the buyer's again, to pay another way.
    s.log[error instanceof GatewayRefusedError ? 'warn' : 'error']('the hosted checkout was not made', {
      error,
      orderId,
      gateway: gateway!.kind,
    });
    await endOrder(s, {
      order: { id: orderId, cartId: cart.id },
      to: ORDER_STATUS.CANCELADO,
      paymentId,
      payment: { status: 'cancelled', detail: 'hosted_not_made' },
      reattachTo: sessionId,
    });
    throw paymentError('hosted_failed', locale);
  }
  await s.db.insert(hostedCheckouts).values({
    preferenceId: made.preferenceId,
    gateway: gateway!.kind,
    orderId,
    paymentId,
    userId: user.id,
    url: made.url,
    expiresAt,
  });
  // Pending (not 'created'): the reconciler asks the gateway by our reference at every pass and
  // does not take the wait on the page for a lost charge; the preference's expiry ends it. Only
  // the one writer moves it, and only from an open status (one approved on the page meanwhile stays so).
  await setPaymentStatus(
    s.db,
    paymentId,
    { status: 'pending', detail: AWAITING },
    s.config.TEST_UNSAFE_ORDER_MOVES,
  );
  return answerOf(s, orderId, locale);
}

/**
 * Ends a hosted checkout's order unless a payment made on its page settles it: the preference is
 * closed at the gateway, then the gateway is asked by our reference. Approved: the tickets (the
 * buyer paid before cancelling). A pending payment (a Pix) is cancelled first; one paid meanwhile
 * is settled. Otherwise the order ends (8) and its units go back on sale.
 */
async function closeHostedCheckout(
  s: TCheckoutServices,
  row: typeof hostedCheckouts.$inferSelect,
  detail: 'by_payer' | 'expired',
  locale: TLocale,
) {
  const gateway = gatewayOfPayment(s, row.gateway);
  try {
    await gateway.hostedCheckout?.cancel(row.preferenceId);
  } catch (error) {
    // A payment made on a page we could not close is refunded when it arrives (settle-payment.ts).
    s.log.warn('the hosted checkout could not be closed at the gateway', { error, orderId: row.orderId });
  }
  let charge = await gateway.findByExternalRef(row.paymentId);
  if (charge && (charge.status === 'pending' || charge.status === 'in_process'))
    charge = (await gateway.cancel(charge.ref)) ?? charge;
  if (charge) {
    // Paid there: done. An approval that was not for this order (issue 31) was refunded: it ends.
    const settled = await settlePayment(s, row.paymentId, charge, locale);
    if (issuesTickets(settled.status)) return;
  }
  const [order] = await s.db
    .select({ id: orders.id, cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) return;
  await endOrder(s, {
    order,
    to: ORDER_STATUS.CANCELADO,
    paymentId: row.paymentId,
    payment: { status: detail === 'expired' ? 'expired' : 'cancelled', detail: `hosted_${detail}` },
  });
}

/** DELETE api/checkoutPro/{preferenceId}: the buyer gives up their own hosted checkout (404 for anyone else's). */
export async function cancelHostedCheckout(
  s: TCheckoutServices,
  input: { userId: string; preferenceId: string },
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const [row] = await s.db
    .select()
    .from(hostedCheckouts)
    .where(
      and(eq(hostedCheckouts.preferenceId, input.preferenceId), eq(hostedCheckouts.userId, input.userId)),
    );
  if (!row) throw paymentError('order_not_found', locale);
  const [order] = await s.db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  if (order?.status === ORDER_STATUS.AGUARDANDO_PAGAMENTO)
    await closeHostedCheckout(s, row, 'by_payer', locale);
  return paymentAnswer(s, row.orderId, locale);
}

/**
 * The reconciler's pass over hosted checkouts past their expiry whose order still waits: a
 * payment made there settles it, otherwise the order ends and its units go back on sale.
 */
export async function expireHostedCheckouts(s: TCheckoutServices, locale: TLocale, batch = 100) {
  const due = await s.db
    .select({ hosted: hostedCheckouts })
    .from(hostedCheckouts)
    .innerJoin(orders, eq(orders.id, hostedCheckouts.orderId))
    .where(
      and(eq(orders.status, ORDER_STATUS.AGUARDANDO_PAGAMENTO), sql`${hostedCheckouts.expiresAt} <= now()`),
    )
    .limit(batch);
  let ended = 0;
  for (const { hosted } of due) {
    try {
      await syncPayment(s, hosted.paymentId, locale);
      await closeHostedCheckout(s, hosted, 'expired', locale);
      ended += 1;
    } catch (error) {
      s.log.warn('hosted checkout expiry failed; tried again at the next pass', {
        error,
        orderId: hosted.orderId,
      });
    }
  }
  return ended;
}
