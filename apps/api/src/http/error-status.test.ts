import { API_MESSAGES } from '@ingressos/contracts';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, statusOf } from './error-status.ts';

/** Catalogue keys that are messages, not errors a use-case throws. */
const NOT_ERRORS =
  /^(cpf_ok|refunded_|not_authorized$|identify_user$|code_check_failed$|code_ok$|can_transfer_failed$|code_sent$|account_deleted$|email_change_sent$|email_changed$|multi_part_declined$|multi_given_up$|biometry_link_sent$)/;

describe('the one mapping from error code to HTTP status', () => {
  it('has a status for every error code the catalogues name', () => {
    const { cart, payment, transfer, catalogue, exclusiveAccess, privacy, tracking, siteFlags } =
      API_MESSAGES['pt-BR'];
    const codes = [cart, payment, transfer, catalogue, exclusiveAccess, privacy, tracking, siteFlags].flatMap(
      (domain) => Object.keys(domain),
    );
    const missing = codes.filter((code) => !NOT_ERRORS.test(code) && !(code in ERROR_STATUS));
    expect(missing).toEqual([]);
  });

  it('keeps the statuses clients rely on', () => {
    expect(statusOf('already_in_cart')).toBe(409);
    expect(statusOf('cart_expired')).toBe(410);
    expect(statusOf('order_not_found')).toBe(404);
    expect(statusOf('amount_changed')).toBe(409);
    expect(statusOf('unavailable')).toBe(503);
    expect(statusOf('admin_forbidden')).toBe(403);
    expect(statusOf('some_new_code')).toBe(400);
  });
});
