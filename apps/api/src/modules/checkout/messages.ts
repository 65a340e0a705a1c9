import { PAYMENT_MESSAGES, type TPaymentErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors.ts';

export function paymentMessage(code: TPaymentErrorCode, locale: TLocale, vars: Record<string, string> = {}) {
  return interpolate(PAYMENT_MESSAGES[code][locale], vars);
}

export function paymentError(
  status: ContentfulStatusCode,
  code: TPaymentErrorCode,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return new HttpError(status, code, paymentMessage(code, locale, vars));
}
