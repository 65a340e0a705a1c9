import type { TLocale } from '@ingressos/domain';
import { type TPaymentStatus, transactionStatusOf } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { and, eq, sql } from '../../../db/orm.ts';
import { orders, payments } from '../../../db/schema/index.ts';
import { paymentError } from '../messages.ts';
import { syncPayment } from '../order/sync-payment.ts';
import type { TCheckoutServices } from '../services.ts';
import { expirePix } from './ongoing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TOwnOrder = { payment: typeof payments.$inferSelect; order: typeof orders.$inferSelect };

/** A buyer's own order and its payment, by either id: 404 for anyone else's (never 403: no probing). */
export async function findOwnOrder(db: TDb, userId: string, id: string, locale: TLocale): Promise<TOwnOrder> {
  if (!UUID.test(id)) throw paymentError('order_not_found', locale);
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(sql`(${payments.id} = ${id} or ${orders.id} = ${id})`, eq(orders.userId, userId)));
  if (!row) throw paymentError('order_not_found', locale);
  return row;
}

/** A status poll: the gateway's word first, then a Pix past its expiry ends on the spot. */
export async function refreshOwnOrder(s: TCheckoutServices, row: TOwnOrder, locale: TLocale) {
  await syncPayment(s, row.payment.id, locale);
  if (row.order.pixExpiresAt && row.order.pixExpiresAt.getTime() <= Date.now())
    await expirePix(s, row.order.id, locale);
}

/** The spec's gateway-shaped payment status (commerce §7, ENDPOINTS.gatewayPayment): the payment as the gateway's API shapes it. */
export async function gatewayShapedPayment(s: TCheckoutServices, row: TOwnOrder, locale: TLocale) {
  await syncPayment(s, row.payment.id, locale);
  const [fresh] = await s.db.select().from(payments).where(eq(payments.id, row.payment.id));
  const payment = fresh ?? row.payment;
  const status = payment.status as TPaymentStatus;
  return {
    id: payment.id,
    status,
    status_detail: payment.statusDetail,
    transaction_status: transactionStatusOf(status),
    transaction_amount: payment.amountCents / 100,
    currency_id: payment.currency,
    payment_method_id: payment.method === 'pix' ? 'pix' : payment.cardBrand,
    installments: row.order.installments,
    card: payment.cardLast4 ? { last_four_digits: payment.cardLast4 } : null,
    external_reference: row.order.id,
    order_status: row.order.status,
    /** Charged without installment interest (the spec's X-NoInterest, as the order was made). */
    no_interest: row.order.interestCents === 0,
  };
}

/**
 * The test gateway's 'simulate payment' of a buyer's own pending Pix (a bank paying it), then
 * the checkout is told as a webhook would. Only the order's owner may: another buyer's Pix, or
 * anything but a Pix, is 404.
 */
export async function simulatePixPayment(
  s: TCheckoutServices,
  input: { userId: string; paymentId: string; payPix(ref: string): Promise<{ status: string } | null> },
  locale: TLocale,
) {
  const row = await findOwnOrder(s.db, input.userId, input.paymentId, locale);
  if (!row.payment.gatewayRef || row.payment.method !== 'pix') throw paymentError('order_not_found', locale);
  // Like a bank, the sandbox refuses to pay a Pix that was cancelled or expired.
  const charge = await input.payPix(row.payment.gatewayRef);
  await syncPayment(s, row.payment.id, locale);
  return { status: charge?.status ?? 'failed' };
}

/**
 * Issue 31: the test gateway's hosted page of a buyer's own order. The preference carries our
 * payment id as its reference; an unknown preference, or anyone else's, is 404 like an order.
 */
export async function findOwnPreference<P extends { externalRef: string }>(
  s: TCheckoutServices,
  input: { userId: string; preferenceId: string; preference(id: string): Promise<P | null> },
  locale: TLocale,
): Promise<P> {
  const preference = await input.preference(input.preferenceId);
  if (!preference) throw paymentError('order_not_found', locale);
  await findOwnOrder(s.db, input.userId, preference.externalRef, locale);
  return preference;
}
