import { createHash, randomUUID } from 'node:crypto';
import type { TCart, TCreatePaymentRequest, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { NATIONALITY } from '@ingressos/domain/account';
import { type TPaymentStatus, transactionStatusOf } from '@ingressos/domain/payment-status';
import { isProfileReadyForPayment } from '@ingressos/domain/profile';
import { and, eq } from 'drizzle-orm';
import { isSandbox } from '../../adapters/payments/index.ts';
import { orders, payments, type TOrderLine } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { getCart } from '../cart/get-cart.ts';
import { crashPoint } from './crash-point.ts';
import { validateIdentification } from './identification.ts';
import { paymentError, paymentMessage } from './messages.ts';
import type { TCheckoutServices } from './services.ts';
import { settlePayment } from './settle-payment.ts';
import { qrSvgDataUrl } from './ticket-pdf.ts';

const KEY = /^[A-Za-z0-9_:.-]{8,64}$/;

/** §2 /pagamento guards: a verified e-mail and a complete profile. */
export function assertMayPay(user: TUserRow, locale: TLocale) {
  if (!user.emailVerifiedAt) throw paymentError(403, 'email_unverified', locale);
  if (
    !isProfileReadyForPayment({
      nationality: user.nationality,
      stateIBGE: user.stateIbge,
      cityIBGE: user.cityIbge,
    })
  )
    throw paymentError(403, 'profile_incomplete', locale);
}

const uniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** What the buyer asked for, without prices (the server computes those): same key, same request. */
function requestHash(body: TCreatePaymentRequest) {
  return createHash('sha256')
    .update(
      JSON.stringify([
        body.paymentType,
        body.card?.installments ?? 1,
        body.identificationTickets,
        body.transfers,
      ]),
    )
    .digest('hex');
}

function linesOf(cart: TCart, cpfsPerItem: string[][]): TOrderLine[] {
  return cart.items.map((item, index) => ({
    ticketId: item.ticketId,
    lotId: item.lotId,
    controlledPlaceId: item.coordinates?.controlledPlaceId ?? null,
    quantity: item.quantity,
    unitCents: Math.round((item.promoTicket ? item.valuePromo : item.value) * 100),
    eventName: item.eventName,
    sectionName: item.sectionName,
    ticketName: item.ticketName,
    placeAlias: item.coordinates?.alias ?? null,
    cpfs: cpfsPerItem[index] ?? [],
  }));
}

function promoOf(cart: TCart) {
  const uses = new Map<number, number>();
  for (const item of cart.items)
    if (item.promotionCodeId && item.quantityCuponsApplied > 0)
      uses.set(item.promotionCodeId, (uses.get(item.promotionCodeId) ?? 0) + item.quantityCuponsApplied);
  return [...uses].map(([id, n]) => ({ id, n }));
}

/** The answer for an order as it stands (also the replay of an Idempotency-Key). */
export async function paymentAnswer(
  s: TCheckoutServices,
  orderId: string,
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const [order] = await s.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw paymentError(404, 'order_not_found', locale);
  const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, orderId));
  const status = (payment?.status ?? 'created') as TPaymentStatus;
  const message =
    payment?.statusDetail === 'lot_sold_out'
      ? paymentMessage('lot_sold_out', locale)
      : status === 'rejected' || status === 'failed'
        ? paymentMessage('not_authorized', locale)
        : '';
  return {
    orderId: order.id,
    paymentId: payment?.id ?? '',
    status,
    statusDetail: payment?.statusDetail ?? null,
    transactionStatus: status === 'created' ? 'processing' : transactionStatusOf(status),
    orderStatus: order.status,
    paymentType: order.method as 'credit_card' | 'pix',
    total: order.totalCents / 100,
    installments: order.installments,
    message,
    pix:
      order.pixPayload && order.pixExpiresAt
        ? {
            qrCode: order.pixPayload,
            qrCodeImage: await qrSvgDataUrl(order.pixPayload),
            expiresAt: order.pixExpiresAt.toISOString(),
          }
        : null,
    sandbox: isSandbox(s.gateway),
  };
}

/**
 * Creates the payment of the session's cart (card or Pix). Idempotent per buyer and
 * Idempotency-Key: the key's first request creates the order and charges once; any repeat, even
 * concurrent, answers that same order. The amount is the server's cart total; whatever prices the
 * client sent are ignored.
 */
export async function createPayment(
  s: TCheckoutServices,
  input: {
    user: TUserRow;
    idempotencyKey: string | undefined;
    sessionId: string | undefined;
    body: TCreatePaymentRequest;
  },
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const { user, body } = input;
  if (!input.idempotencyKey || !KEY.test(input.idempotencyKey))
    throw paymentError(400, 'idempotency_key', locale);
  assertMayPay(user, locale);
  const hash = requestHash(body);
  const replay = async () => {
    const [existing] = await s.db
      .select({ id: orders.id, requestHash: orders.requestHash })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, input.idempotencyKey!)));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw paymentError(422, 'idempotency_reused', locale);
    return paymentAnswer(s, existing.id, locale);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  if (body.paymentType === 'credit_card' && !body.card) throw paymentError(400, 'card_required', locale);
  const cart = input.sessionId ? await getCart(s.db, input.sessionId, locale) : null;
  if (!cart || cart.items.length === 0) throw paymentError(409, 'cart_empty', locale);
  if (cart.incompleteTables.length > 0) {
    const error = paymentError(409, 'incomplete_tables', locale);
    throw new HttpError(409, error.code, error.message, undefined, {
      'x-redirect': `/eventmap/${cart.items[0]!.slug}`,
    });
  }
  const identified = await validateIdentification(
    s.db,
    cart,
    { entries: body.identificationTickets, transfers: body.transfers, buyerDocument: user.document },
    locale,
  );
  const totalCents = Math.round(cart.totals.total * 100);
  const orderId = randomUUID();
  const pixExpiresAt =
    body.paymentType === 'pix' ? new Date(Date.now() + s.config.PIX_EXPIRY_SECONDS * 1000) : null;
  try {
    const [created] = await s.db
      .insert(orders)
      .values({
        id: orderId,
        userId: user.id,
        cartId: cart.id,
        eventId: cart.eventId ?? cart.items[0]!.eventId,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        status: 1,
        method: body.paymentType,
        installments: body.card?.installments ?? 1,
        totalCents,
        lines: linesOf(cart, identified.cpfsPerItem),
        promo: promoOf(cart),
        buyerDocument: user.document,
        transfers: identified.transfers,
        pixExpiresAt,
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning({ id: orders.id });
    // A concurrent request with the same key won the insert: answer its order.
    if (!created) return (await replay())!;
  } catch (error) {
    if (uniqueViolation(error)) throw paymentError(409, 'payment_in_progress', locale);
    throw error;
  }

  const paymentId = randomUUID();
  await s.db.insert(payments).values({
    id: paymentId,
    orderId,
    gateway: s.gateway.kind,
    status: 'created',
    amountCents: totalCents,
    method: body.paymentType,
  });
  const payerCpf = user.nationality === NATIONALITY.brazilian ? user.document : undefined;
  crashPoint(s.config.TEST_CRASH_AT, 'after_reserve');
  const description = `${cart.items[0]!.eventName} (${cart.items.reduce((n, i) => n + i.quantity, 0)})`;
  try {
    if (body.paymentType === 'credit_card') {
      const charge = await s.gateway.chargeCard({
        externalRef: paymentId,
        amountCents: totalCents,
        installments: body.card!.installments,
        token: body.card!.token,
        paymentMethodId: body.card!.paymentMethodId,
        issuerId: body.card!.issuerId,
        payerEmail: user.email,
        payerCpf,
        description,
      });
      crashPoint(s.config.TEST_CRASH_AT, 'after_charge');
      await s.db
        .update(payments)
        .set({
          gatewayRef: charge.ref,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
      await settlePayment(s, paymentId, charge, locale);
    } else {
      const charge = await s.gateway.createPix({
        externalRef: paymentId,
        amountCents: totalCents,
        expiresAt: pixExpiresAt!,
        payerEmail: user.email,
        payerCpf,
        description,
      });
      await s.db
        .update(payments)
        .set({ gatewayRef: charge.ref, updatedAt: new Date() })
        .where(eq(payments.id, paymentId));
      await s.db.update(orders).set({ pixPayload: charge.payload }).where(eq(orders.id, orderId));
      await settlePayment(s, paymentId, charge, locale);
    }
  } catch (error) {
    s.log.error('payment failed at the gateway', { error, orderId });
    await s.db.update(orders).set({ status: 8, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await s.db
      .update(payments)
      .set({ status: 'failed', statusDetail: 'gateway_error' })
      .where(eq(payments.id, paymentId));
    throw paymentError(502, body.paymentType === 'pix' ? 'pix_failed' : 'processing_error', locale);
  }
  return paymentAnswer(s, orderId, locale);
}

/** Asks the gateway for the charge's status and applies it (status polling, webhooks, the sandbox's simulate). */
export async function syncPayment(s: TCheckoutServices, paymentId: string, locale: TLocale) {
  const [payment] = await s.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.gatewayRef) return;
  const charge = await s.gateway.getCharge(payment.gatewayRef);
  if (charge && charge.status !== payment.status) await settlePayment(s, paymentId, charge, locale);
}
