import { API_MESSAGES } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';

type TKey = keyof (typeof API_MESSAGES)['pt-BR']['tracking'] | 'event_not_found';

export function trackingMessage(key: TKey, locale: TLocale) {
  return key === 'event_not_found'
    ? API_MESSAGES[locale].catalogue.event_not_found
    : API_MESSAGES[locale].tracking[key];
}
