import type { TCart } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import type { TActivationOutcome } from '@ingressos/contracts/cart';
import type { TTranslate } from '~/i18n/format.ts';
import { api } from '~/shared/api-client.ts';
import { pushAnalytics, sendPixel } from '~/shared/tracking.ts';
import { cartLineItem, itemsValue, pixelContents } from '~/shared/tracking-items.ts';
import { toast } from '~/ui/toast-store.ts';
import { noteHoldEnd } from '~/ui/use-seconds-left.ts';
import { EVENT_COOKIE, seller, setCartState } from './cart-store.ts';

const CART_ID_KEY = 'bilheto.cartId';

function writeEventCookie(value: string, maxAge: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${EVENT_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

/**
 * Takes the cart the API answered. A cart with items sets the event-in-cart cookie (its slug, for
 * links back to the event) and keeps the cart id for reactivation (spec §4: kept in the browser).
 */
export function setCart(cart: TCart | null) {
  const has = Boolean(cart && cart.items.length > 0);
  if (has && cart) {
    noteHoldEnd(cart.id, cart.exp);
    writeEventCookie(encodeURIComponent(cart.items[0]!.slug), 86_400);
    localStorage.setItem(CART_ID_KEY, cart.id);
  } else {
    writeEventCookie('', 0);
  }
  setCartState({ cart: has ? cart : null, loaded: true, active: true });
}

function forgetCart() {
  localStorage.removeItem(CART_ID_KEY);
  setCart(null);
}

/** The slug of the event in the cart, from the cookie, once the cart itself is gone. */
export function cartEventSlug(): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${EVENT_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(EVENT_COOKIE.length + 1)) || null : null;
}

/** The page's timer reached zero: spec §4, an expired cart is cleared. */
export async function expireCart(t: TTranslate) {
  await api('leaveCart');
  forgetCart();
  toast.error(t('cart.expired'));
}

export type TAddLine = { lotId: number; quantity: number; controlledPlaceId?: number };

/**
 * Adds lines one call each (spec §7 addtocart). A refusal shows the server's §8 message as a
 * toast, except a 409 (already in this cart), which the spec says is not toasted. Answers, per
 * line, whether it went in: a refused seat must not stop the others.
 */
export async function addLines(
  lines: readonly TAddLine[],
  t: TTranslate,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<boolean[]> {
  const added: boolean[] = [];
  for (const line of lines) {
    const commissionerId = seller();
    const body = commissionerId ? { ...line, commissionerId } : line;
    let result = await api('addToCart', { body });
    // Issue 19: past the anonymous-hold threshold the API asks for the captcha; answered, the same
    // add goes again with the answer (once more if that answer had expired meanwhile).
    for (let tries = 0; tries < 2 && !result.ok && CAPTCHA_CODES.has(result.error?.code ?? ''); tries += 1) {
      const token = await askCaptcha();
      if (!token) break;
      result = await api('addToCart', { body, headers: { [CAPTCHA_HEADER]: token } });
    }
    added.push(result.ok);
    if (result.ok) {
      setCart(result.body.cart);
      trackAdd(result.body.cart, line);
    } else if (result.status !== 409) {
      toast.error(result.message || t('cart.unknownError'));
    }
  }
  // `quiet`: the page shows the change itself (the cart's seat count), so no toast covers it.
  if (added.some(Boolean) && !quiet) toast.success(t('cart.added'));
  return added;
}

const CAPTCHA_CODES = new Set(['captcha_required', 'captcha_invalid']);

/** Shows the captcha (CartSessionLayer) and waits for its answer; null when the buyer closes it. */
function askCaptcha(): Promise<string | null> {
  return new Promise((resolve) => {
    setCartState({
      captcha: (token) => {
        setCartState({ captcha: null });
        resolve(token);
      },
    });
  });
}

/** add_to_cart (analytics) and AddToCart (pixel) for a line that went in, priced as the cart says. */
function trackAdd(cart: TCart | null, line: TAddLine) {
  const found = cart?.items.find(
    (item) =>
      item.lotId === line.lotId &&
      (line.controlledPlaceId === undefined ||
        item.coordinates?.controlledPlaceId === line.controlledPlaceId),
  );
  if (!cart || !found) return;
  const items = [cartLineItem(found, line.quantity)];
  const value = itemsValue(items);
  pushAnalytics('add_to_cart', { currency: cart.currency, value, items });
  sendPixel(found.eventId, 'AddToCart', {
    value,
    contents: pixelContents(items),
    content_name: found.eventName,
  });
}

/**
 * Reads the cart. A 410 means it expired while nobody watched: activation takes its units again
 * from what is free (spec §4) and says what was lost.
 */
let syncing: Promise<TSyncOutcome> | null = null;
export type TSyncOutcome = { outcome: TActivationOutcome | 'expired' | null; decreasedQuantity: number };

/** One read at a time: the session modal and the cart page may both ask on the same load. */
export function syncCart(): Promise<TSyncOutcome> {
  syncing ??= readCart().finally(() => {
    syncing = null;
  });
  return syncing;
}

async function readCart(): Promise<TSyncOutcome> {
  const result = await api('getCart');
  if (result.ok) {
    setCart(result.body.cart);
    return { outcome: null, decreasedQuantity: 0 };
  }
  if (result.status !== 410) return { outcome: null, decreasedQuantity: 0 };
  const id = localStorage.getItem(CART_ID_KEY);
  const activated = id ? await api('activateCart', { body: { id } }) : null;
  if (!activated?.ok) {
    await api('leaveCart');
    forgetCart();
    return { outcome: 'expired', decreasedQuantity: 0 };
  }
  setCart(activated.body.cart);
  return { outcome: activated.body.outcome, decreasedQuantity: activated.body.decreasedQuantity };
}

export async function renew(cartId: string, t: TTranslate): Promise<boolean> {
  const result = await api('refreshExpiration', { params: { cartId } });
  if (!result.ok) {
    toast.error(t('cart.renewFailed'));
    return false;
  }
  toast.success(t('cart.renewed'));
  const fresh = await api('getCart');
  if (fresh.ok) setCart(fresh.body.cart);
  return true;
}

/** Empties the cart session (spec §2 "Clearing"); the caller goes home on success. */
export async function clearCart(t: TTranslate): Promise<boolean> {
  const result = await api('leaveCart');
  if (!result.ok) {
    toast.error(t('cart.clearFailed'));
    return false;
  }
  forgetCart();
  toast.success(t('cart.cleared'));
  return true;
}
