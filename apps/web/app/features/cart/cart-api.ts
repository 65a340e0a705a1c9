import type { TCart } from '@ingressos/contracts';
import type { TActivationOutcome } from '@ingressos/contracts/cart';
import { apiPath } from '@ingressos/contracts/endpoints';

/** The API's error body (`{Message, code}`), as far as the cart screens read it. */
export type TCartError = { Message?: string; code?: string };
export type TCartResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: TCartError };

/**
 * One call to the cart API from the browser. The session travels in the HttpOnly `cart_session`
 * cookie the API sets, so no call passes a sessionId. A network failure is a status 0.
 */
export async function cartCall<T>(
  path: string,
  body: unknown = {},
  method = 'POST',
): Promise<TCartResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: method === 'PUT' ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data = (await response.json().catch(() => ({}))) as T & TCartError;
    return response.ok
      ? { ok: true, status: response.status, data }
      : { ok: false, status: response.status, error: data };
  } catch {
    return { ok: false, status: 0, error: {} };
  }
}

export type TActivateOutcome = TActivationOutcome;

export const getCart = () => cartCall<{ cart: TCart | null }>(apiPath('getCart'));
export const addToCart = (body: { lotId: number; quantity: number; controlledPlaceId?: number }) =>
  cartCall<{ cart: TCart | null }>(apiPath('addToCart'), body);
export const removeFromCart = (body: { lotId: number; quantity?: number; controlledPlaceId?: number }) =>
  cartCall<{ cart: TCart | null }>(apiPath('removeFromCart'), body);
export const activateCart = (id: string) =>
  cartCall<{ decreasedQuantity: number; outcome: TActivateOutcome; cart: TCart | null }>(
    apiPath('activateCart'),
    {
      id,
    },
  );
export const leaveCart = () => cartCall<unknown>(apiPath('leaveCart'));
export const renewCart = (cartId: string) =>
  cartCall<{ exp: string }>(apiPath('refreshExpiration', { cartId }), undefined, 'PUT');
export const chooseProtection = (provider: 'bilheto' | 'none') =>
  cartCall<{ cart: TCart | null }>(apiPath('cartProtection'), { provider });
export const validatePromotion = (body: unknown) =>
  cartCall<{ quantityCuponsApplied: number; promoCode: string; cart: TCart | null }>(
    apiPath('validatePromotion'),
    body,
  );
