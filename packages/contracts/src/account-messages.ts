import type { TLocale } from '@ingressos/domain';
import { API_MESSAGES, type TApiMessages } from './messages/index.ts';

/**
 * The validation messages of the account forms (spec §5). The zod schemas carry these keys as
 * issue messages; the API answers and the forms show the text through `accountMessage`, from the
 * one catalogue per language (`messages/`).
 */
export type TAccountMessageKey = keyof TApiMessages['accountForm'];

export function isAccountMessageKey(key: string): key is TAccountMessageKey {
  return Object.hasOwn(API_MESSAGES['pt-BR'].accountForm, key);
}

/** The text of a schema issue; anything zod wrote itself becomes the generic "invalid field". */
export function accountMessage(key: string | undefined, locale: TLocale): string {
  return API_MESSAGES[locale].accountForm[key && isAccountMessageKey(key) ? key : 'invalidField'];
}
