import { API_MESSAGES } from '@ingressos/contracts';
import type { TPrivacyMessageKey } from '@ingressos/contracts/privacy';
import type { TLocale } from '@ingressos/domain';
import { interpolate } from '@ingressos/domain/interpolate';
import { AppError } from '../app-error.ts';

export function privacyMessage(key: TPrivacyMessageKey, locale: TLocale, vars: Record<string, string> = {}) {
  return interpolate(API_MESSAGES[locale].privacy[key], vars);
}

export function privacyError(key: TPrivacyMessageKey, locale: TLocale) {
  return new AppError(key, privacyMessage(key, locale));
}
