import { API_MESSAGES, type TPaymentErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import { AppError } from '../app-error.ts';

export function paymentMessage(code: TPaymentErrorCode, locale: TLocale, vars: Record<string, string> = {}) {
  return interpolate(API_MESSAGES[locale].payment[code], vars);
}

export function paymentError(code: TPaymentErrorCode, locale: TLocale, vars: Record<string, string> = {}) {
  return new AppError(code, paymentMessage(code, locale, vars));
}
