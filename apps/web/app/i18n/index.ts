import type { TLocale } from '@ingressos/domain';
import { en } from './en.ts';
import { type TTranslate, translatorFor } from './format.ts';
import { ptBR, type TCatalog, type TMessageKey } from './pt-BR.ts';

export {
  formatDate,
  formatMoney,
  interpolate,
  type TTranslate,
  type TVars,
  translatorFor,
} from './format.ts';
export type { TCatalog, TMessageKey };

const catalogs: Record<TLocale, TCatalog> = { 'pt-BR': ptBR, en };

/** Both catalogues: for server code (loaders) and tests. Browser code uses `useI18n()` instead. */
export function catalogFor(locale: TLocale): TCatalog {
  return catalogs[locale];
}

export function createTranslator(locale: TLocale): TTranslate {
  return translatorFor(catalogs[locale]);
}
