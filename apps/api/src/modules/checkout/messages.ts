import { PAYMENT_MESSAGES, type TPaymentErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors.ts';

export function paymentMessage(code: TPaymentErrorCode, locale: TLocale, vars: Record<string, string> = {}) {
  let text: string = PAYMENT_MESSAGES[code][locale];
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, value);
  return text;
}

export function paymentError(
  status: ContentfulStatusCode,
  code: TPaymentErrorCode,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return new HttpError(status, code, paymentMessage(code, locale, vars));
}
