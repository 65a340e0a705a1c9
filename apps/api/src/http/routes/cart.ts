import { QUEUE_PASS_HEADER, type TCart, ZCartId } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { ENDPOINT_SCHEMAS as CALLS } from '@ingressos/contracts/endpoint-schemas';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { TDb } from '../../db/client.ts';
import { withOneConnection } from '../../db/one-connection.ts';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { activateCart } from '../../modules/cart/activate-cart.ts';
import { addToCart } from '../../modules/cart/add-to-cart.ts';
import type { TAddressShare } from '../../modules/cart/address-share.ts';
import { cartError } from '../../modules/cart/cart-error.ts';
import { getCart } from '../../modules/cart/get-cart.ts';
import type { THoldThrottle } from '../../modules/cart/hold-throttle.ts';
import { leaveCart } from '../../modules/cart/leave-cart.ts';
import { chooseProtection, validatePromotion } from '../../modules/cart/promotions.ts';
import { removeFromCart } from '../../modules/cart/remove-from-cart.ts';
import { renewCart } from '../../modules/cart/renew-cart.ts';
import type { TStockMode } from '../../modules/cart/stock.ts';
import { attachSeller, checkSellerOfLot } from '../../modules/commissioners/attach-commissioner.ts';
import { isValidQueuePass, queuePassCookie } from '../../modules/queue/queue-pass.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseJsonBody, parseWith } from '../request.ts';

export type TCartRouteOptions = {
  db: TDb;
  holdSeconds: number;
  maxRenewals: number;
  stockMode: TStockMode;
  secureCookies: boolean;
  limits: TRateLimits;
  trustProxyHops: number;
  /** The cart as clients see it: with how its event's gateway takes payment (checkout/ways-to-pay/payment-offer.ts). */
  present: (cart: TCart | null) => TCart | null;
  /** Whether a configured gateway sells an event naming this gateway. */
  sellable: (gateway: number | null) => boolean;
  /**
   * Issue 19: who is logged in (the cart is mounted before the API's own authenticate, so adds
   * resolve it themselves: nothing for an anonymous rush request), their cap of units held at
   * once, and the anonymous-hold throttle (null when HOLD_THROTTLE is off).
   */
  authenticate: MiddlewareHandler<TAppEnv>;
  maxUnitsPerAccount: number;
  unsafeHoldCaps: boolean;
  holdThrottle: THoldThrottle | null;
  /** Issue 31: one address's share of an event's units (null when HOLD_THROTTLE is off). */
  addressShare: TAddressShare | null;
  /** Issue 19: the key that signs waiting-room passes; absent when WAITING_ROOM is off. */
  queueSecret?: (() => Promise<Uint8Array>) | undefined;
};

/** The cookie that carries the cart's session for the browser (spec §9: cart cookie 86400 s). */
export const CART_SESSION_COOKIE = 'cart_session';
const SESSION = /^[A-Za-z0-9_-]{16,64}$/;

/** The session that owns the cart: from the body (spec clients), a header (the app) or the cookie (pages). */
export function sessionOf(c: Context<TAppEnv>, fromBody?: string | null): string | undefined {
  const candidate = fromBody ?? c.req.header('x-session-id') ?? getCookie(c, CART_SESSION_COOKIE);
  // A cart that became an order's (session 'order_…') is the order's, never a client's.
  return candidate && SESSION.test(candidate) && !candidate.startsWith('order_') ? candidate : undefined;
}

/** Keeps the cart's session in the browser's cookie (HttpOnly: page scripts never see it). */
export function rememberSession(c: Context<TAppEnv>, sessionId: string, secure: boolean) {
  setCookie(c, CART_SESSION_COOKIE, sessionId, {
    path: '/',
    maxAge: 86_400,
    httpOnly: true,
    sameSite: 'Lax',
    secure,
  });
}

/** Issue 19: the waiting-room pass a request carries for an event, by cookie (pages) or header (apps). */
function queuePassOf(c: Context<TAppEnv>, eventId: number): string | undefined {
  return c.req.header(QUEUE_PASS_HEADER) ?? getCookie(c, queuePassCookie(eventId));
}

/**
 * Commerce §7 "Cart". Each handler parses with its call's schemas (contracts/endpoint-schemas.ts,
 * the ones the OpenAPI document shows), calls one use-case and shapes the answer.
 */
export function cartRoutes(options: TCartRouteOptions) {
  const { db, present, sellable } = options;
  const cartOf = async (c: Context<TAppEnv>, sessionId: string, on = db) =>
    present(await getCart(on, sessionId, c.get('locale')));
  const remember = (c: Context<TAppEnv>, sessionId: string) =>
    rememberSession(c, sessionId, options.secureCookies);
  const answer = async (c: Context<TAppEnv>, sessionId: string, message = '', on = db) =>
    c.json({
      status: 'success',
      message,
      sessionID: sessionId,
      cart: await cartOf(c, sessionId, on),
    });

  return new Hono<TAppEnv>()
    .on(...endpoint('addToCart', '/api'), options.authenticate, async (c) => {
      const body = await parseJsonBody(c, CALLS.addToCart.body);
      const locale = c.get('locale');
      const auth = c.get('auth');
      const sessionId = sessionOf(c, body.sessionId);
      if (!auth && options.holdThrottle) {
        const ip = clientIp(c, options.trustProxyHops);
        await options.holdThrottle.admit(
          { ip, sessionId, captchaToken: c.req.header(CAPTCHA_HEADER) },
          locale,
        );
      }
      const account = auth && {
        userId: auth.user.id,
        maxUnits: options.maxUnitsPerAccount,
        unsafe: options.unsafeHoldCaps,
      };
      // commerce §6: a commissioner sells only its events; checked before any unit is held.
      if (body.commissionerId) await checkSellerOfLot(db, body.commissionerId, body.lotId, locale);
      const { queueSecret } = options;
      const admitted = queueSecret
        ? async (eventId: number, sessionId: string | undefined) =>
            isValidQueuePass(await queueSecret(), queuePassOf(c, eventId), eventId, sessionId)
        : undefined;
      const giveBack = await options.addressShare?.take(
        {
          ip: clientIp(c, options.trustProxyHops),
          lotId: body.lotId,
          quantity: body.quantity,
          anonymous: !auth,
        },
        locale,
      );
      // A buyer with a cart or an account holds in a transaction and reads the cart after its commit:
      // both on one connection (withOneConnection), so a busy pool cannot fail the answer of a hold
      // that was kept. A new anonymous buyer's rush hold answers from its own batched statement.
      const oneConnection = Boolean(auth || sessionId);
      const run = <T>(fn: (on: TDb) => Promise<T>) => (oneConnection ? withOneConnection(db, fn) : fn(db));
      return run(async (conn) => {
        const added = await addToCart(
          {
            db: conn,
            holdSeconds: options.holdSeconds,
            stockMode: options.stockMode,
            locale,
            sellable,
            account,
            admitted,
          },
          { ...body, sessionId },
        ).catch(async (error: unknown) => {
          await giveBack?.();
          throw error;
        });
        remember(c, added.sessionId);
        if (body.commissionerId) {
          await attachSeller(conn, added.sessionId, body.commissionerId);
          return answer(c, added.sessionId, '', conn);
        }
        if (added.cart)
          return c.json({
            status: 'success',
            message: '',
            sessionID: added.sessionId,
            cart: present(added.cart),
          });
        return answer(c, added.sessionId, '', conn);
      });
    })
    .post('/:version{v[1-4]}/removefromcart', async (c) => {
      const body = await parseJsonBody(c, CALLS.removeFromCart.body);
      const sessionId = sessionOf(c, body.sessionId);
      if (!sessionId) throw cartError('cart_not_found', c.get('locale'));
      await removeFromCart(db, { ...body, sessionId }, c.get('locale'));
      return answer(c, sessionId);
    })
    .on(...endpoint('getCart', '/api'), async (c) => {
      const body = await parseJsonBody(c, CALLS.getCart.body);
      const sessionId = sessionOf(c, body.sessionId);
      if (!sessionId) return c.json({ status: 'success', message: '', sessionID: null, cart: null });
      return answer(c, sessionId);
    })
    .on(...endpoint('activateCart', '/api'), async (c) => {
      const body = await parseJsonBody(c, CALLS.activateCart.body);
      const sessionId = sessionOf(c, body.sessionId);
      if (!sessionId) throw cartError('cart_not_found', c.get('locale'));
      const result = await activateCart(
        {
          db,
          holdSeconds: options.holdSeconds,
          maxRenewals: options.maxRenewals,
          maxUnitsPerAccount: options.maxUnitsPerAccount,
          unsafeHoldCaps: options.unsafeHoldCaps,
          stockMode: options.stockMode,
          locale: c.get('locale'),
        },
        body.id,
        sessionId,
      );
      return c.json({ ...result, cart: await cartOf(c, sessionId) });
    })
    .on(...endpoint('leaveCart', '/api'), async (c) => {
      const body = await parseJsonBody(c, CALLS.leaveCart.body);
      const sessionId = sessionOf(c, body.sessionId);
      if (sessionId) await leaveCart(db, sessionId);
      return c.json({ status: 'success', message: '' });
    })
    .on(...endpoint('validatePromotion', '/api'), async (c) => {
      // Coupon codes are guessable words: a guesser is slowed down per cart session, and per IP
      // only as a loose ceiling (issue 31: one carrier address may carry hundreds of buyers).
      const body = await parseJsonBody(c, CALLS.validatePromotion.body);
      const sessionId = sessionOf(c, body.sessionId);
      const ip = clientIp(c, options.trustProxyHops);
      await options.limits.consume(
        'promoCodeVisitor',
        sessionId ? `session:${sessionId}` : ip,
        c.get('locale'),
      );
      await options.limits.consume('promoCodeIp', ip, c.get('locale'));
      const result = await validatePromotion(
        db,
        { ...body, eventId: body.eventId! },
        sessionId,
        c.get('locale'),
      );
      const cart = sessionId ? await cartOf(c, sessionId) : null;
      return c.json({ status: 'success', message: '', ...result, cart });
    })
    .on(...endpoint('cartProtection', '/api'), async (c) => {
      const body = await parseJsonBody(c, CALLS.cartProtection.body);
      const sessionId = sessionOf(c, body.sessionId);
      if (!sessionId) throw cartError('cart_not_found', c.get('locale'));
      await chooseProtection(db, sessionId, body.provider, c.get('locale'));
      return answer(c, sessionId);
    })
    .on(...endpoint('refreshExpiration', '/api'), async (c) => {
      const sessionId = sessionOf(c);
      if (!sessionId) throw cartError('cart_not_found', c.get('locale'));
      const renewed = await renewCart(
        { db, holdSeconds: options.holdSeconds, maxRenewals: options.maxRenewals, locale: c.get('locale') },
        // A NUL or other junk in the path never reaches the database (it was a 500 there).
        parseWith(c, ZCartId, c.req.param('cartId')),
        sessionId,
      );
      return c.json(renewed);
    });
}
