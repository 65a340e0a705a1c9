import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one mapping from an error code (AppError, HttpError) to its HTTP status. Use-cases say what
 * went wrong; only here is it decided how HTTP says it.
 */
export const ERROR_STATUS: Record<string, ContentfulStatusCode> = {
  // Requests the API could not read
  invalid_request: 400,
  invalid_json: 400,
  payload_too_large: 413,
  too_many_requests: 429,
  // Accounts
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  captcha_required: 400,
  captcha_invalid: 400,
  field_locked: 400,
  invalid_city: 400,
  invalid_state: 400,
  invalid_postal_code: 400,
  reset_invalid: 400,
  user_not_found: 404,
  not_found: 404,
  postal_code_not_found: 404,
  document_taken: 409,
  email_taken: 409,
  email_already_verified: 409,
  phone_already_verified: 409,
  mail_failed: 502,
  sms_failed: 502,
  postal_code_unavailable: 503,
  // Cart (the only 409 is a place clicked twice: the page ignores it without a toast, spec §8)
  limit_reached: 422,
  cart_limit: 422,
  lot_insufficient: 422,
  lot_sold_out: 422,
  lot_not_on_sale: 422,
  add_failed: 400,
  different_events: 422,
  unknown: 400,
  cart_expired: 410,
  cart_not_found: 404,
  item_build_failed: 404,
  place_unavailable: 422,
  already_in_cart: 409,
  renewal_limit: 422,
  promo_invalid: 422,
  promo_used_up: 422,
  protection_required: 422,
  event_over: 422,
  exclusive_required: 403,
  exclusive_invalid: 422,
  // Checkout
  idempotency_key: 400,
  card_required: 400,
  cpf_invalid: 400,
  cpf_repeated: 400,
  cpf_online: 400,
  cpf_missing: 400,
  transfer_repeated: 400,
  transfer_self: 400,
  transfer_too_many: 400,
  email_unverified: 403,
  profile_incomplete: 403,
  order_not_found: 404,
  cart_empty: 409,
  incomplete_tables: 409,
  payment_in_progress: 409,
  amount_changed: 409,
  idempotency_reused: 422,
  currency_unsupported: 422,
  pix_currency: 422,
  installments_invalid: 422,
  not_free: 422,
  pix_failed: 502,
  processing_error: 502,
  // Transfers
  code_invalid: 400,
  list_failed: 400,
  code_required: 403,
  cancel_failed: 404,
  return_failed: 404,
  transfer_failed: 404,
  transfer_not_found: 404,
  cpf_limit: 409,
  event_past: 409,
  transfer_pending: 409,
  update_failed: 409,
  code_mail_failed: 503,
  // Data-subject rights
  password_wrong: 403,
  account_busy: 409,
  email_same: 400,
  email_change_invalid: 400,
  // The database
  unavailable: 503,
};

/** The status of a code; a code missing here is a bug, answered as a plain 400. */
export function statusOf(code: string): ContentfulStatusCode {
  return ERROR_STATUS[code] ?? 400;
}
