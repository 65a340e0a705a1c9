import { API_MESSAGES, type TApiMessages } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { AppError } from '../app-error.ts';

export type TStaffAccountsError = keyof TApiMessages['staffAccounts'];

/** A refusal of the staff-account calls: its code is its catalogue key (statuses: http/error-status.ts). */
export function staffFail(code: TStaffAccountsError, locale: TLocale): AppError {
  return new AppError(code, API_MESSAGES[locale].staffAccounts[code]);
}
