import { API_MESSAGES, type TApiMessages } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { AppError } from '../app-error.ts';

/** The commissioner calls' failures a client may see: `API_MESSAGES[locale].commissioner`. */
export type TCommissionerErrorCode = keyof TApiMessages['commissioner'];

export function commissionerError(code: TCommissionerErrorCode, locale: TLocale): AppError {
  return new AppError(code, API_MESSAGES[locale].commissioner[code]);
}
