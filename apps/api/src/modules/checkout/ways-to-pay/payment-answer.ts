import type { TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { awaitsPayment } from '@ingressos/domain/order-lifecycle';
import { type TPaymentStatus, transactionStatusOf } from '@ingressos/domain/payment-status';
import { eq, sql } from '../../../db/orm.ts';
import { preparedPerDb } from '../../../db/prepared.ts';
import { orders, paymentParts, payments, type TOrderLine } from '../../../db/schema/index.ts';
import { qrSvgDataUrl } from '../../tickets/ticket-pdf.ts';
import { paymentError, paymentMessage } from '../messages.ts';
import { refundReasonOf } from '../order/refund-order.ts';
import type { TCheckoutServices } from '../services.ts';
import { splitMessage, splitView } from './multi-payment.ts';

/** What the buyer sees of an order's payment: the refund's reason, a refusal, or nothing. */
function messageOf(payment: { status: string; statusDetail: string | null } | undefined, locale: TLocale) {
  if (!payment) return '';
  const refund = refundReasonOf(payment.statusDetail);
  if (refund)
    return paymentMessage(refund === 'lot_sold_out' ? 'lot_sold_out' : `refunded_${refund}`, locale);
  if (payment.status === 'rejected' || payment.status === 'failed')
    return paymentMessage('not_authorized', locale);
  return '';
}

/** Issue 37: the order, its payment (one per order) and whether it is split, in one statement. */
const answerRow = preparedPerDb((db) =>
  db
    .select({
      order: orders,
      payment: payments,
      split: sql<boolean>`exists (select 1 from ${paymentParts} where ${paymentParts.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('payment_answer'),
);

/**
 * The payment answer: how an order and its payment, as they stand, become what every way to pay
 * answers (POST /checkout/v1, a split's card, a 3DS return, the ongoing purchase, a replay of an
 * Idempotency-Key). The one place that answer is built.
 */
export async function paymentAnswer(
  s: TCheckoutServices,
  orderId: string,
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const [row] = await answerRow(s.db).execute({ orderId });
  if (!row) throw paymentError('order_not_found', locale);
  const { order } = row;
  const payment = row.payment ?? undefined;
  const status = (payment?.status ?? 'created') as TPaymentStatus;
  // Ways to pay: multi-payment — a split answers its cards as they stand.
  const split = row.split ? await splitView(s, orderId) : null;
  return {
    orderId: order.id,
    paymentId: payment?.id ?? '',
    status,
    statusDetail: payment?.statusDetail ?? null,
    transactionStatus: transactionStatusOf(status),
    orderStatus: order.status,
    paymentType: order.method as TPaymentAnswer['paymentType'],
    total: order.totalCents / 100,
    currency: order.currency,
    installments: order.installments,
    message:
      messageOf(payment, locale) || (split && awaitsPayment(order.status) ? splitMessage(split, locale) : ''),
    pix:
      order.pixPayload && order.pixExpiresAt
        ? {
            qrCode: order.pixPayload,
            qrCodeImage: await qrSvgDataUrl(order.pixPayload),
            expiresAt: order.pixExpiresAt.toISOString(),
          }
        : null,
    sandbox: Boolean(payment && s.gateways.byKind(payment.gateway)?.browser.testMode),
    // Issue 15, 3DS: the issuer's challenge, while the order waits for it.
    challenge:
      payment?.challengeUrl && payment.statusDetail === 'pending_challenge' && awaitsPayment(order.status)
        ? { url: payment.challengeUrl }
        : null,
    multiplePayment: split,
  };
}

/** An order's line as the pages show it: names, quantity and the unit price in the currency's units. */
export function shownLine(line: TOrderLine) {
  return {
    eventName: line.eventName,
    sectionName: line.sectionName,
    ticketName: line.ticketName,
    placeAlias: line.placeAlias,
    quantity: line.quantity,
    unitPrice: line.unitCents / 100,
  };
}
