import type { TCart } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { isProfileReadyForPayment } from '@ingressos/domain/profile';
import { violatedUniqueConstraint } from '../../accounts/find-user.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { cartError } from '../../cart/cart-error.ts';
import { getCart } from '../../cart/get-cart.ts';
import {
  type TIdentificationRequest,
  type TIdentified,
  validateIdentification,
} from '../holders/identification.ts';
import { paymentError } from '../messages.ts';
import { reserveOrder, type TReservation } from '../order/reserve-order.ts';
import type { TCheckoutServices } from '../services.ts';
import { assertTablesComplete } from './complete-tables.ts';
import { assertIdempotencyKey, orderOfKey, requestHash } from './idempotency.ts';
import { centsOf, orderFromCart } from './order-from-cart.ts';

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

export type TCheckoutAttempt<A> = {
  user: TUserRow;
  sessionId: string | undefined;
  /** The holders the request names: checked against the cart (holders/identification.ts). */
  identification: TIdentificationRequest;
  /**
   * A way to pay that reserves an order: its Idempotency-Key, the request's fields that make its
   * hash (idempotency.ts), and how an order that key made answers (a replay). The app's checkout
   * session reserves nothing and has none.
   */
  idempotency?: {
    key: string | undefined;
    fields: readonly unknown[];
    answer: (orderId: string) => Promise<A>;
  };
  /** Whether the refund service's choice is required now (default); the app's session leaves it to the payment. */
  protection?: boolean;
  /** After the replay, before the cart: an answer a way to pay gives without a cart (a split's next card), or null. */
  beforeCart?: () => Promise<A | null>;
};

/** A way to pay's request as its route hands it over: the buyer, their Idempotency-Key, cart session and body. */
export type TCheckoutRequest<TBody> = {
  user: TUserRow;
  idempotencyKey: string | undefined;
  sessionId: string | undefined;
  body: TBody;
};

/** The attempt of a way to pay whose body names holders and transfers and whose key reserves an order. */
export function reservingAttempt<A>(
  input: TCheckoutRequest<{
    identificationTickets: TIdentificationRequest['entries'];
    transfers: TIdentificationRequest['transfers'];
  }>,
  fields: readonly unknown[],
  answer: (orderId: string) => Promise<A>,
): TCheckoutAttempt<A> {
  return {
    user: input.user,
    sessionId: input.sessionId,
    identification: { entries: input.body.identificationTickets, transfers: input.body.transfers },
    idempotency: { key: input.idempotencyKey, fields, answer },
  };
}

export type TPreparedCheckout<A> = {
  cart: TCart;
  sessionId: string;
  identified: TIdentified;
  /** The Idempotency-Key and request hash the order is reserved with ('' without idempotency). */
  key: string;
  hash: string;
  /** The order this key already made, answered; null when none (or without idempotency). */
  replay: () => Promise<A | null>;
};

/**
 * The preamble every way to pay runs before it reserves anything, in this order (the first
 * failing check is the answer): the Idempotency-Key, may-pay (§2), the replay of an order the key
 * already made, the cart (empty: a concurrent request with the same key may have just made its
 * order), its incomplete tables, the refund service's choice (§5), and the holders (§5). Answers
 * `{ earlier }` when the request is a replay, else the checked cart and holders.
 */
export async function prepareCheckout<A>(
  s: TCheckoutServices,
  attempt: TCheckoutAttempt<A>,
  locale: TLocale,
): Promise<{ earlier: A } | TPreparedCheckout<A>> {
  const { user, idempotency } = attempt;
  if (idempotency) assertIdempotencyKey(idempotency.key, locale);
  assertMayPay(user, locale);
  const key = idempotency?.key ?? '';
  const hash = idempotency ? requestHash(idempotency.fields) : '';
  const replay = async () => {
    if (!idempotency) return null;
    const orderId = await orderOfKey(s, { userId: user.id, key, hash }, locale);
    return orderId ? idempotency.answer(orderId) : null;
  };
  const earlier = (await replay()) ?? (await attempt.beforeCart?.()) ?? null;
  if (earlier) return { earlier };

  const sessionId = attempt.sessionId;
  const cart = sessionId ? await getCart(s.db, sessionId, locale) : null;
  if (!sessionId || !cart || cart.items.length === 0) {
    // A concurrent request with the same key may have just turned this cart into its order.
    const made = await replay();
    if (made) return { earlier: made };
    throw paymentError('cart_empty', locale);
  }
  assertTablesComplete(cart, locale);
  // §5: with the refund service active, a provider (or 'none') must have been chosen.
  if (attempt.protection !== false && cart.refund.IsActive && !cart.protection)
    throw cartError('protection_required', locale);
  const identified = await validateIdentification(
    s.db,
    cart,
    { ...attempt.identification, buyerDocument: user.document },
    locale,
  );
  return { cart, sessionId, identified, key, hash, replay };
}

/** What the page showed must be what is charged: a changed total is refused, never charged. */
export function assertShownTotal(
  shown: number | undefined,
  charged: { totalCents: number; currency: string },
  locale: TLocale,
) {
  if (shown === undefined || centsOf(shown) === charged.totalCents) return;
  const total = new Intl.NumberFormat(locale, { style: 'currency', currency: charged.currency }).format(
    charged.totalCents / 100,
  );
  throw paymentError('amount_changed', locale, { total });
}

/** What a reservation of a prepared checkout starts with: the cart's order, its buyer, cart session and key. */
export function preparedOrder<A>(prepared: TPreparedCheckout<A>, user: TUserRow) {
  return {
    ...orderFromCart(prepared.cart, user, prepared.identified),
    userId: user.id,
    sessionId: prepared.sessionId,
    idempotencyKey: prepared.key,
    requestHash: prepared.hash,
  };
}

/**
 * The reserve step for a prepared checkout: a second order of the same buyer racing this one is
 * payment_in_progress; null when the same key made its order meanwhile (the caller replays it).
 */
export async function reservePrepared(
  s: TCheckoutServices,
  reservation: TReservation,
  holdUntil: Date,
  locale: TLocale,
) {
  try {
    return await reserveOrder(s, reservation, holdUntil, locale);
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw paymentError('payment_in_progress', locale);
    throw error;
  }
}
