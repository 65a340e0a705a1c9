import { API_MESSAGES, type TApiMessages } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import { AppError } from '../app-error.ts';

export type TBiometryMessageKey = keyof TApiMessages['biometry'];

export function biometryMessage(
  key: TBiometryMessageKey,
  locale: TLocale,
  vars: Record<string, string> = {},
) {
  return interpolate(API_MESSAGES[locale].biometry[key], vars);
}

/** Codes (http/error-status.ts): biometry_not_found 404, biometry_forbidden 403, biometry_token 403, biometry_closed 409, biometry_conflict 409, biometry_unavailable 503. */
export function biometryError(
  code: string,
  key: TBiometryMessageKey,
  locale: TLocale,
  vars?: Record<string, string>,
) {
  return new AppError(code, biometryMessage(key, locale, vars));
}
