import { API_MESSAGES } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';

export type TSiteFlagsMessageKey = keyof (typeof API_MESSAGES)['pt-BR']['siteFlags'];

export function siteFlagsMessage(key: TSiteFlagsMessageKey, locale: TLocale) {
  return API_MESSAGES[locale].siteFlags[key];
}
