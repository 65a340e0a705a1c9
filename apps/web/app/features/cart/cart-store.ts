import type { TCart } from '@ingressos/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The buyer's cart as the page knows it, shared by the header button, the summary, the cart page
 * and the session modal. The root imports this on every page, the event page's included, so it
 * holds only state: everything that writes cookies or talks to the API is in cart-actions.ts,
 * loaded lazily.
 *
 * `active` says a cart may exist: the `cart_event` cookie (spec §9 "event-in-cart cookie", 1 day)
 * or an add in this page. The session cookie itself is HttpOnly, so this is what lets pages
 * without a cart load none of the cart code.
 */
export type TCartState = {
  active: boolean;
  loaded: boolean;
  cart: TCart | null;
  /**
   * Issue 19: an add the API answered with captcha_required waits for this to be called with
   * the captcha's answer (null when the buyer gives up); the root's layer shows the captcha meanwhile.
   */
  captcha: ((token: string | null) => void) | null;
};

export const EVENT_COOKIE = 'cart_event';
const server: TCartState = { active: false, loaded: false, cart: null, captcha: null };
let state: TCartState = server;
const listeners = new Set<() => void>();

export function setCartState(next: Partial<TCartState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** After hydration: is there a cart to look at? */
export function detectCart() {
  if (document.cookie.includes(`${EVENT_COOKIE}=`)) setCartState({ active: true });
}

export function useCartState(): TCartState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => server,
  );
}

let commissionerId: number | null = null;
/** commerce §6: in commissioner mode every line added is the commissioner's sale (its id is the seller id). */
export function sellAs(id: number | null) {
  commissionerId = id;
}
/** Who sells what is added next: the commissioner in its mode, else null (the site). */
export const seller = () => commissionerId;
