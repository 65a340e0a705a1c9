import { API_MESSAGES, type TApiMessages } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { AppError } from '../app-error.ts';

/** The account calls' messages: `API_MESSAGES[locale].account` (one catalogue per language). */
export type TApiMessageKey = keyof TApiMessages['account'];

export function apiMessage(key: TApiMessageKey, locale: TLocale): string {
  return API_MESSAGES[locale].account[key];
}

/** An AppError whose message is the catalogue's text in the caller's language. */
export function fail(
  code: string,
  key: TApiMessageKey,
  locale: TLocale,
  headers?: Record<string, string>,
): AppError {
  return new AppError(code, apiMessage(key, locale), { headers });
}
