import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { TPaymentAnswer } from '@ingressos/contracts';
import type {
  TCheckoutSessionIssued,
  TCheckoutSessionView,
  TCreateCheckoutSessionRequest,
  TPayCheckoutSessionRequest,
} from '@ingressos/contracts/app-bridge';
import type { TLocale } from '@ingressos/domain';
import type { TDatabase } from '../../../db/client.ts';
import { eq } from '../../../db/orm.ts';
import { users } from '../../../db/schema/index.ts';
import { createLinkSecret } from '../../accounts/secrets.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { AppError } from '../../app-error.ts';
import { getCart } from '../../cart/get-cart.ts';
import { paymentError } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';
import { createPayment } from './create-payment.ts';
import { getInstallments } from './get-installments.ts';
import { cartTotalCents } from './order-from-cart.ts';
import { checkoutGatewayView, gatewayForEvent } from './payment-offer.ts';
import { prepareCheckout } from './prepare-checkout.ts';

/**
 * The mobile app's checkout session (commerce §2 /checkout_status): an opaque token that lets the
 * web view pay ONE cart of ONE buyer by card, with the holders the app identified, for a short
 * while. It is sealed (AES-256-GCM, a key derived from the link secret): nobody but this server
 * reads or forges it, and the CPFs it carries never show in a URL or a log. Paying it is
 * POST /checkout/v1 on the buyer's behalf: the same createPayment, nothing else.
 */

/** At most this long, and never past the cart's own expiry. */
export const CHECKOUT_SESSION_TTL_MS = 15 * 60_000;

type TSealed = {
  /** The buyer. */
  u: string;
  /** The cart session and the cart it held when issued (a new cart in the same session is not this one). */
  s: string;
  c: string;
  /** Expiry (ms since the epoch). */
  x: number;
  i: TCreateCheckoutSessionRequest['identificationTickets'];
  t: TCreateCheckoutSessionRequest['transfers'];
};

const keys = new WeakMap<TCheckoutServices, Promise<Buffer>>();

/** A key of its own, derived from the link secret: a sealed session is never a signed e-mail link. */
function keyOf(s: TCheckoutServices): Promise<Buffer> {
  let key = keys.get(s);
  if (!key) {
    const secret = createLinkSecret({ db: s.db } as TDatabase, s.config.LINK_SECRET);
    key = secret().then((bytes) =>
      createHmac('sha256', bytes).update('bilheto/checkout-session/v1').digest(),
    );
    key.catch(() => keys.delete(s));
    keys.set(s, key);
  }
  return key;
}

async function seal(s: TCheckoutServices, payload: TSealed): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(s), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

async function unseal(s: TCheckoutServices, token: string, locale: TLocale): Promise<TSealed> {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 29) throw paymentError('checkout_session_invalid', locale);
  try {
    const decipher = createDecipheriv('aes-256-gcm', await keyOf(s), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const payload = JSON.parse(text) as TSealed;
    if (payload.x <= Date.now()) throw paymentError('checkout_session_expired', locale);
    return payload;
  } catch (error) {
    if (error instanceof AppError && error.code === 'checkout_session_expired') throw error;
    throw paymentError('checkout_session_invalid', locale);
  }
}

/** The session's buyer and cart as they stand now: a cart paid, emptied or expired cannot be paid. */
async function openSession(s: TCheckoutServices, token: string, locale: TLocale) {
  const sealed = await unseal(s, token, locale);
  const [user] = await s.db.select().from(users).where(eq(users.id, sealed.u));
  if (!user) throw paymentError('checkout_session_invalid', locale);
  const cart = await getCart(s.db, sealed.s, locale);
  if (!cart || cart.id !== sealed.c || cart.items.length === 0) throw paymentError('cart_empty', locale);
  return { sealed, user, cart };
}

/** POST /api/checkout/app-session: the buyer's cart, identified, sealed for the web view. */
export async function createCheckoutSession(
  s: TCheckoutServices,
  input: { user: TUserRow; sessionId: string | undefined; body: TCreateCheckoutSessionRequest },
  locale: TLocale,
): Promise<TCheckoutSessionIssued> {
  // The holders are checked now, so the app hears of a bad CPF before opening the page. The refund
  // service's choice is left to the payment (POST /checkout/v1), which checks it.
  const prepared = await prepareCheckout<never>(
    s,
    {
      user: input.user,
      sessionId: input.sessionId,
      identification: { entries: input.body.identificationTickets, transfers: input.body.transfers },
      protection: false,
    },
    locale,
  );
  if ('earlier' in prepared) return prepared.earlier;
  const { cart, sessionId } = prepared;
  const expiresAt = Math.min(Date.now() + CHECKOUT_SESSION_TTL_MS, new Date(cart.exp).getTime());
  const checkoutSession = await seal(s, {
    u: input.user.id,
    s: sessionId,
    c: cart.id,
    x: expiresAt,
    i: input.body.identificationTickets,
    t: input.body.transfers,
  });
  return {
    checkoutSession,
    expiresAt: new Date(expiresAt).toISOString(),
    url: `/checkout_status?checkoutSession=${checkoutSession}`,
  };
}

/** GET /api/checkout/app-session: what /checkout_status shows, and the card form it mounts. */
export async function viewCheckoutSession(
  s: TCheckoutServices,
  token: string,
  locale: TLocale,
): Promise<TCheckoutSessionView> {
  const { sealed, cart } = await openSession(s, token, locale);
  const eventId = cart.eventId ?? cart.items[0]!.eventId;
  const gateway = await gatewayForEvent(s, eventId, locale);
  const installments = await getInstallments(
    s,
    { eventId, totalCents: cartTotalCents(cart), currency: cart.currency },
    locale,
  );
  return {
    eventId,
    eventName: cart.items[0]!.eventName,
    total: cart.totals.total,
    currency: cart.currency,
    tickets: cart.items.reduce((n, item) => n + item.quantity, 0),
    expiresAt: new Date(sealed.x).toISOString(),
    gateway: checkoutGatewayView(gateway),
    installments,
  };
}

/** POST /api/checkout/app-session/pay: POST /checkout/v1 for the session's buyer and cart, by card. */
export async function payCheckoutSession(
  s: TCheckoutServices,
  input: { idempotencyKey: string | undefined; body: TPayCheckoutSessionRequest },
  locale: TLocale,
): Promise<TPaymentAnswer> {
  const sealed = await unseal(s, input.body.checkoutSession, locale);
  const [user] = await s.db.select().from(users).where(eq(users.id, sealed.u));
  if (!user) throw paymentError('checkout_session_invalid', locale);
  // Another cart in the same session is not the one sealed. No cart at all: createPayment answers
  // a repeated attempt (same Idempotency-Key) with its order, anything else with cart_empty.
  const cart = await getCart(s.db, sealed.s, locale);
  if (cart && cart.id !== sealed.c) throw paymentError('cart_empty', locale);
  return createPayment(
    s,
    {
      user,
      idempotencyKey: input.idempotencyKey,
      sessionId: sealed.s,
      body: {
        paymentType: 'credit_card',
        card: input.body.card,
        deviceId: input.body.deviceId,
        totalTicketValue: input.body.totalTicketValue,
        identificationTickets: sealed.i,
        transfers: sealed.t,
      },
    },
    locale,
  );
}
