import { CART_MESSAGES, type TCartErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors.ts';

const STATUS: Record<TCartErrorCode, ContentfulStatusCode> = {
  limit_reached: 422,
  cart_limit: 422,
  lot_insufficient: 422,
  lot_sold_out: 422,
  add_failed: 400,
  different_events: 422,
  unknown: 400,
  cart_expired: 410,
  cart_not_found: 404,
  item_build_failed: 404,
  place_unavailable: 422,
  // The only 409: the page ignores it without a toast (spec §8), e.g. a seat clicked twice.
  already_in_cart: 409,
  renewal_limit: 422,
  promo_invalid: 422,
  protection_required: 422,
  lot_not_on_sale: 422,
  promo_used_up: 422,
  event_over: 422,
  // A restricted event's ticket without a validated access code (the pop-up grants it).
  exclusive_required: 403,
};

/** A cart failure with the spec's message in the buyer's language. */
export function cartError(code: TCartErrorCode, locale: TLocale, vars: Record<string, string | number> = {}) {
  return new HttpError(STATUS[code], code, interpolate(CART_MESSAGES[code][locale], vars));
}
