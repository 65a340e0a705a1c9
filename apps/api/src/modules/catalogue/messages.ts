import type { TLocale } from '@ingressos/domain';

/** The catalogue's failures a client may see, per language (spec §8 spelling for pt-BR). */
const MESSAGES = {
  event_not_found: { 'pt-BR': 'Evento nao encontrado', en: 'Event not found' },
  group_not_found: { 'pt-BR': 'Grupo de eventos nao encontrado', en: 'Event group not found' },
} as const;

export type TCatalogueErrorCode = keyof typeof MESSAGES;

export function catalogueMessage(code: TCatalogueErrorCode, locale: TLocale): string {
  return MESSAGES[code][locale];
}
