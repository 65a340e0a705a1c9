import { API_MESSAGES, type TCartErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import { AppError } from '../app-error.ts';

/** A cart failure with the spec's message in the buyer's language. */
export function cartError(code: TCartErrorCode, locale: TLocale, vars: Record<string, string | number> = {}) {
  return new AppError(code, interpolate(API_MESSAGES[locale].cart[code], vars));
}
