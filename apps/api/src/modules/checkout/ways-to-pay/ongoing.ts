import type { TOngoingOrder, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { issuesTickets, ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { and, eq, gt, type SQLWrapper, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { events, hostedCheckouts, orders, payments } from '../../../db/schema/index.ts';
import { cartError } from '../../cart/cart-error.ts';
import { hasRenewalLeft } from '../../cart/renewal-budget.ts';
import { endOrder } from '../order/end-order.ts';
import { settlePayment } from '../order/settle-payment.ts';
import { syncPayment } from '../order/sync-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { paymentAnswer, shownLine } from './payment-answer.ts';

/**
 * The buyer's newest order still in flight: awaiting a charge that is unanswered ('created'),
 * pending or in review, whose Pix (if any) has not expired: one read on the orders_user index.
 */
export async function findOngoingOrder(db: TDb, userId: string) {
  const found = await rows<{ order_id: string; payment_id: string }>(
    db,
    sql`select o.id as order_id, p.id as payment_id ${ongoingOrders(userId)} order by o.created_at desc limit 1`,
  );
  return found[0] ? { orderId: found[0].order_id, paymentId: found[0].payment_id } : null;
}

/** Whether there is one, as a subquery, for a read that asks it with others in one statement (get-visitor.ts). */
export function hasOngoingOrderQuery(userId: string | SQLWrapper) {
  return sql`exists (select 1 ${ongoingOrders(userId)})`;
}

function ongoingOrders(userId: string | SQLWrapper) {
  return sql`from orders o join payments p on p.order_id = o.id
    where o.user_id = ${userId} and o.status = ${ORDER_STATUS.AGUARDANDO_PAGAMENTO}
      and p.status in ('created', 'pending', 'in_process')
      and (o.pix_expires_at is null or o.pix_expires_at > now())`;
}

/**
 * §4 "Ongoing purchase": the order /pagamento restores. The gateway is asked first, so a charge
 * that settled meanwhile (an in-process card approved, a Pix paid) is applied and no longer ongoing.
 */
export async function ongoingPurchase(
  s: TCheckoutServices,
  userId: string,
  locale: TLocale,
): Promise<TOngoingOrder | null> {
  const found = await findOngoingOrder(s.db, userId);
  if (!found) return null;
  await syncPayment(s, found.paymentId, locale);
  if (!(await findOngoingOrder(s.db, userId))) return null;
  const [row] = await s.db
    .select({ order: orders, event: { id: events.id, name: events.name, slug: events.slug } })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, found.orderId));
  if (!row) return null;
  const answer = await paymentAnswer(s, found.orderId, locale);
  // A hosted checkout the buyer left (a reload, a closed tab): its page still takes the payment.
  const [hosted] = await s.db
    .select({ preferenceId: hostedCheckouts.preferenceId, url: hostedCheckouts.url })
    .from(hostedCheckouts)
    .where(and(eq(hostedCheckouts.orderId, found.orderId), gt(hostedCheckouts.expiresAt, new Date())));
  return {
    ...answer,
    event: row.event,
    lines: row.order.lines.map(shownLine),
    cancellable: row.order.method === 'pix' && answer.status === 'pending',
    hosted: hosted ?? null,
  };
}

type TOpenOrder = {
  orderId: string;
  cartId: string;
  paymentId: string;
  gateway: string;
  gatewayRef: string | null;
};

async function openOrder(db: TDb, orderId: string): Promise<TOpenOrder | null> {
  const [row] = await db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row || row.order.status !== ORDER_STATUS.AGUARDANDO_PAGAMENTO) return null;
  return {
    orderId: row.order.id,
    cartId: row.order.cartId,
    paymentId: row.payment.id,
    gateway: row.payment.gateway,
    gatewayRef: row.payment.gatewayRef,
  };
}

/**
 * Cancels the charge at the gateway before the order ends. A Pix the bank paid meanwhile comes
 * back approved: it is settled (tickets, or a refund when the units are gone) instead.
 */
async function cancelAtGateway(s: TCheckoutServices, open: TOpenOrder, locale: TLocale) {
  const charge = open.gatewayRef ? await gatewayOfPayment(s, open.gateway).cancel(open.gatewayRef) : null;
  if (charge && issuesTickets(charge.status)) {
    await settlePayment(s, open.paymentId, charge, locale);
    return true;
  }
  return false;
}

/**
 * A Pix whose creation had no answer: its QR code never reached the buyer, so nobody can pay it.
 * Whatever the gateway made is cancelled and the order ends (8), its units back on sale; a Pix
 * paid anyway (the gateway answered approved) is settled instead.
 */
export async function cancelUnseenPix(
  s: TCheckoutServices,
  orderId: string,
  paymentId: string,
  locale: TLocale,
) {
  const open = await openOrder(s.db, orderId);
  if (!open) return false;
  const gateway = gatewayOfPayment(s, open.gateway);
  const found = await gateway.findByExternalRef(paymentId);
  const charge = found ? await gateway.cancel(found.ref) : null;
  if (charge && issuesTickets(charge.status)) {
    await settlePayment(s, paymentId, charge, locale);
    return false;
  }
  return endOrder(s, {
    order: { id: open.orderId, cartId: open.cartId },
    to: ORDER_STATUS.CANCELADO,
    paymentId,
    payment: { status: 'cancelled', detail: 'pix_not_delivered' },
  });
}

/** A pending Pix whose expiry passed: cancelled at the gateway, order 8, payment 'expired', units back on sale. */
export async function expirePix(s: TCheckoutServices, orderId: string, locale: TLocale) {
  const open = await openOrder(s.db, orderId);
  if (!open) return false;
  if (await cancelAtGateway(s, open, locale)) return false;
  return endOrder(s, {
    order: { id: open.orderId, cartId: open.cartId },
    to: ORDER_STATUS.CANCELADO,
    paymentId: open.paymentId,
    payment: { status: 'expired', detail: 'pix_expired' },
  });
}

/**
 * The buyer gives up a pending Pix to choose another method: the charge is cancelled at the
 * gateway, the order ends (8) and the cart, with whatever holds it still has, is the session's
 * cart again. Answers the order as it then stands (approved if the Pix was paid meanwhile), or
 * null when there is no pending Pix to cancel.
 */
export async function cancelOngoing(
  s: TCheckoutServices,
  input: { userId: string; sessionId: string },
  locale: TLocale,
): Promise<TPaymentAnswer | null> {
  const found = await findOngoingOrder(s.db, input.userId);
  if (!found) return null;
  const open = await openOrder(s.db, found.orderId);
  const [payment] = await s.db.select().from(payments).where(eq(payments.id, found.paymentId));
  if (!open || payment?.method !== 'pix' || payment.status !== 'pending') return null;
  // Issue 19: the cart comes back held, a renewal. With the budget spent the Pix is left to be
  // paid or to expire on time, rather than cancelled with nothing to give the buyer back.
  if (!(await hasRenewalLeft(s.db, open.cartId, s.config.CART_MAX_RENEWALS)))
    throw cartError('renewal_limit', locale);
  if (!(await cancelAtGateway(s, open, locale)))
    await endOrder(s, {
      order: { id: open.orderId, cartId: open.cartId },
      to: ORDER_STATUS.CANCELADO,
      paymentId: open.paymentId,
      payment: { status: 'cancelled', detail: 'by_payer' },
      reattachTo: input.sessionId,
      renewalBudget: s.config.CART_MAX_RENEWALS,
    });
  return paymentAnswer(s, open.orderId, locale);
}
