import { API_MESSAGES, type TTransferErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import { AppError } from '../app-error.ts';

export function transferMessage(
  code: TTransferErrorCode,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return interpolate(API_MESSAGES[locale].transfer[code], vars);
}

export function transferError(code: TTransferErrorCode, locale: TLocale, vars: Record<string, string> = {}) {
  return new AppError(code, transferMessage(code, locale, vars));
}
