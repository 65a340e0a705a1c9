import { API_MESSAGES, type TApiMessages } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';

/** The catalogue's failures a client may see: `API_MESSAGES[locale].catalogue`. */
export type TCatalogueErrorCode = keyof TApiMessages['catalogue'];

export function catalogueMessage(code: TCatalogueErrorCode, locale: TLocale): string {
  return API_MESSAGES[locale].catalogue[code];
}
