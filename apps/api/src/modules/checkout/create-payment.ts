import { createHash } from 'node:crypto';
import type { TCart, TCreatePaymentRequest, TPaymentAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { NATIONALITY } from '@ingressos/domain/account';
import { installmentPlan } from '@ingressos/domain/installments';
import { awaitsPayment } from '@ingressos/domain/order-lifecycle';
import { type TPaymentStatus, transactionStatusOf } from '@ingressos/domain/payment-status';
import { isProfileReadyForPayment } from '@ingressos/domain/profile';
import { and, eq } from 'drizzle-orm';
import type { TFraudAnalysis, TPaymentGateway } from '../../adapters/payments/gateway.ts';
import { orders, payments, type TOrderLine } from '../../db/schema/index.ts';
import { violatedUniqueConstraint } from '../accounts/find-user.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { AppError } from '../app-error.ts';
import { cartError } from '../cart/cart-error.ts';
import { getCart } from '../cart/get-cart.ts';
import { chargeOrder } from './charge-order.ts';
import { crashPoint } from './crash-point.ts';
import { eventInterestTerms } from './get-installments.ts';
import { validateIdentification } from './identification.ts';
import { paymentError, paymentMessage } from './messages.ts';
import {
  payPart,
  splitHoldUntil,
  splitMessage,
  splitPlanOf,
  splitView,
  startSplit,
} from './multi-payment.ts';
import { nfeDocumentOf } from './nfe-document.ts';
import { refundReasonOf } from './refund-order.ts';
import { reserveOrder } from './reserve-order.ts';
import type { TCheckoutServices } from './services.ts';
import { settlePayment } from './settle-payment.ts';
import { qrSvgDataUrl } from './ticket-pdf.ts';

const KEY = /^[A-Za-z0-9_:.-]{8,64}$/;

/**
 * The order a buyer's Idempotency-Key already made (its replay), or null; the same key with another
 * request is refused (idempotency_reused). Shared by every path that reserves an order.
 */
export async function orderOfKey(
  s: TCheckoutServices,
  attempt: { userId: string; key: string; hash: string },
  locale: TLocale,
): Promise<string | null> {
  const [existing] = await s.db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, attempt.userId), eq(orders.idempotencyKey, attempt.key)));
  if (!existing) return null;
  if (existing.requestHash !== attempt.hash) throw paymentError('idempotency_reused', locale);
  return existing.id;
}

/** §2 /pagamento guards: a verified e-mail and a complete profile. */
export function assertMayPay(user: TUserRow, locale: TLocale) {
  if (!user.emailVerifiedAt) throw paymentError('email_unverified', locale);
  if (
    !isProfileReadyForPayment({
      nationality: user.nationality,
      stateIBGE: user.stateIbge,
      cityIBGE: user.cityIbge,
    })
  )
    throw paymentError('profile_incomplete', locale);
}

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

export function linesOf(cart: TCart, cpfsPerItem: string[][]): TOrderLine[] {
  return cart.items.map((item, index) => ({
    ticketId: item.ticketId,
    lotId: item.lotId,
    controlledPlaceId: item.coordinates?.controlledPlaceId ?? null,
    quantity: item.quantity,
    unitCents: Math.round((item.promoTicket ? item.valuePromo : item.value) * 100),
    listCents: Math.round(item.value * 100),
    feeCents: Math.round((item.taxTotal + (item.LotProcessingFeeAdd ? item.LotProcessingFeeValue : 0)) * 100),
    eventName: item.eventName,
    sectionName: item.sectionName,
    ticketName: item.ticketName,
    placeAlias: item.coordinates?.alias ?? null,
    cpfs: cpfsPerItem[index] ?? [],
  }));
}

export function promoOf(cart: TCart) {
  const uses = new Map<number, number>();
  for (const item of cart.items)
    if (item.promotionCodeId && item.quantityCuponsApplied > 0)
      uses.set(item.promotionCodeId, (uses.get(item.promotionCodeId) ?? 0) + item.quantityCuponsApplied);
  return [...uses].map(([id, n]) => ({ id, n }));
}

/**
 * commerce §3 `fraudAnalysis`: the buyer and what they buy, for gateways that score fraud (one
 * requires it for cards, §5). From the account and the server's cart, never from the client.
 */
function fraudAnalysisOf(user: TUserRow, cart: TCart): TFraudAnalysis {
  return {
    customer: {
      name: user.name,
      email: user.email,
      cpf: user.nationality === NATIONALITY.brazilian ? user.document : undefined,
      phone: `+${user.ddiPhone.replace(/\D/g, '')}${user.phone.replace(/\D/g, '')}`,
    },
    cart: {
      items: cart.items.map((item) => ({
        sku: `lot-${item.lotId}`,
        name: `${item.sectionName} — ${item.ticketName}`,
        quantity: item.quantity,
        unitCents: Math.round((item.promoTicket ? item.valuePromo : item.value) * 100),
      })),
    },
  };
}

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

/** The answer for an order as it stands (also the replay of an Idempotency-Key). */
export async function paymentAnswer(
  s: TCheckoutServices,
  orderId: string,
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const [order] = await s.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw paymentError('order_not_found', locale);
  const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, orderId));
  const status = (payment?.status ?? 'created') as TPaymentStatus;
  // Ways to pay: multi-payment — a split answers its cards as they stand.
  const split = await splitView(s, orderId);
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
  const cartCents = Math.round(cart.totals.total * 100);
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
  const plan = installmentPlan(cartCents, body.card.installments, {
    ...(await eventInterestTerms(s.db, cart.eventId ?? cart.items[0]!.eventId)),
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
  input: {
    user: TUserRow;
    idempotencyKey: string | undefined;
    sessionId: string | undefined;
    body: TCreatePaymentRequest;
  },
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const { user, body } = input;
  if (!input.idempotencyKey || !KEY.test(input.idempotencyKey)) throw paymentError('idempotency_key', locale);
  assertMayPay(user, locale);
  const hash = requestHash(body);
  const replay = async () => {
    const orderId = await orderOfKey(s, { userId: user.id, key: input.idempotencyKey!, hash }, locale);
    return orderId ? paymentAnswer(s, orderId, locale) : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  // Ways to pay: multi-payment — the next card of a split already reserved.
  if (body.isMultiplePayment && body.multiplePaymentUid)
    return payPart(
      s,
      { user, idempotencyKey: input.idempotencyKey, body, orderId: body.multiplePaymentUid },
      locale,
      (id) => paymentAnswer(s, id, locale),
    );

  if (body.paymentType === 'credit_card' && !body.card) throw paymentError('card_required', locale);
  const sessionId = input.sessionId;
  const cart = sessionId ? await getCart(s.db, sessionId, locale) : null;
  if (!sessionId || !cart || cart.items.length === 0) {
    // A concurrent request with the same key may have just turned this cart into its order.
    const made = await replay();
    if (made) return made;
    throw paymentError('cart_empty', locale);
  }
  if (cart.incompleteTables.length > 0) {
    const error = paymentError('incomplete_tables', locale);
    throw new AppError(error.code, error.message, {
      headers: { 'x-redirect': `/eventmap/${cart.items[0]!.slug}` },
    });
  }
  // §5: with the refund service active, a provider (or 'none') must have been chosen.
  if (cart.refund.IsActive && !cart.protection) throw cartError('protection_required', locale);
  const identified = await validateIdentification(
    s.db,
    cart,
    { entries: body.identificationTickets, transfers: body.transfers, buyerDocument: user.document },
    locale,
  );
  // Issue 15: the NF-e document, when the event asks for it (or the buyer gave one).
  const nfeDocument = nfeDocumentOf(cart, body, locale);
  const gateway = s.gateways.forEvent(cart.gateway);
  const amounts = await amountsOf(s, gateway, cart, body, locale);
  // What the page showed must be what is charged: a changed total is refused, never charged.
  if (body.totalTicketValue !== undefined && Math.round(body.totalTicketValue * 100) !== amounts.totalCents) {
    const total = new Intl.NumberFormat(locale, { style: 'currency', currency: amounts.currency }).format(
      amounts.totalCents / 100,
    );
    throw paymentError('amount_changed', locale, { total });
  }
  const pixExpiresAt =
    amounts.method === 'pix' ? new Date(Date.now() + s.config.PIX_EXPIRY_SECONDS * 1000) : null;
  // A card's holds outlast the time its answer and the reconciler's first look may take.
  const holdUntil = body.isMultiplePayment
    ? splitHoldUntil(s)
    : (pixExpiresAt ??
      new Date(
        Date.now() + s.config.PAYMENT_GATEWAY_TIMEOUT_MS + s.config.PAYMENT_RECONCILE_GRACE_SECONDS * 2000,
      ));
  let reserved: Awaited<ReturnType<typeof reserveOrder>>;
  try {
    reserved = await reserveOrder(
      s,
      {
        userId: user.id,
        sessionId,
        cartId: cart.id,
        eventId: cart.eventId ?? cart.items[0]!.eventId,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        method: amounts.method,
        installments: amounts.installments,
        totalCents: amounts.totalCents,
        interestCents: amounts.interestCents,
        currency: amounts.currency,
        lines: linesOf(cart, identified.cpfsPerItem),
        promo: promoOf(cart),
        commissionerId: cart.commissionerId,
        refundServiceCents:
          cart.protection?.provider === 'bilheto' ? Math.round(cart.protection.value * 100) : 0,
        buyerDocument: user.document,
        transfers: identified.transfers,
        pixExpiresAt,
        gateway: amounts.method === 'free' || !gateway ? 'free' : gateway.kind,
        nfeDocument,
      },
      holdUntil,
      locale,
    );
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw paymentError('payment_in_progress', locale);
    throw error;
  }
  if (!reserved) return (await replay())!;
  const { orderId, paymentId } = reserved;
  crashPoint(s.config.TEST_CRASH_AT, 'after_reserve');

  if (amounts.method === 'free') {
    await settlePayment(s, paymentId, { status: 'approved', statusDetail: 'free_ticket' }, locale);
    return paymentAnswer(s, orderId, locale);
  }
  // Ways to pay: multi-payment — the split's parts, then its first card.
  if (body.isMultiplePayment) {
    await startSplit(s, {
      orderId,
      paymentId,
      gateway: gateway!.kind,
      currency: amounts.currency,
      values: (body.multiplePaymentValues ?? []).map((value) => Math.round(value * 100)),
    });
    return payPart(s, { user, idempotencyKey: input.idempotencyKey, body, orderId }, locale, (id) =>
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
    payerCpf: user.nationality === NATIONALITY.brazilian ? user.document : undefined,
    description: `${cart.items[0]!.eventName} (${cart.items.reduce((n, i) => n + i.quantity, 0)})`,
    fraudAnalysis: fraudAnalysisOf(user, cart),
    deviceId: body.deviceId,
  });
  // No answer: a Pix nobody can see cannot be paid (the reconciler cancels it); a card keeps
  // 'processing' until the gateway is asked again.
  if (!charge && amounts.method === 'pix') throw paymentError('pix_failed', locale);
  if (charge) await settlePayment(s, paymentId, charge, locale, { reattachTo: sessionId });
  return paymentAnswer(s, orderId, locale);
}
