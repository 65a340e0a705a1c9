import { interpolate, type TVars } from '@ingressos/domain/interpolate';
import { formatMoney as money } from '@ingressos/domain/money';
import type { TCatalog, TMessageKey } from './pt-BR.ts';

/**
 * What the browser needs to speak: a translator over one catalogue and the pt-BR formats. No
 * catalogue is imported here, so client code that uses this ships none: the active language's
 * catalogue is a static file the browser fetches once (ui/i18n.tsx).
 */
export type { TVars };
export type TTranslate = (key: TMessageKey, vars?: TVars) => string;
export { interpolate };

export function translatorFor(catalog: TCatalog): TTranslate {
  // A key the fetched file lacks (a page of an older build) reads as nothing, never "undefined".
  return (key, vars) => interpolate(catalog[key] ?? '', vars);
}

/**
 * R$ for BRL and U$ for USD, both in pt-BR digits as the spec asks (one rule:
 * packages/domain/src/money.ts). A wrapper, not a re-export, so the bundler keeps the rule inside
 * this module's chunk instead of a chunk of its own (the event page's budget counts each one).
 */
export const formatMoney = (value: number, currency = 'BRL') => money(value, currency);

/** Intl's options for an event's day, long ("sábado, 14 de março de 2027") and for cards ("sáb., 14 de mar."). */
export const LONG_DAY = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
export const SHORT_DAY = { weekday: 'short', day: 'numeric', month: 'short' } as const;

// Building an Intl.DateTimeFormat costs far more than using one (issue 18: ~2% of a page's render
// on the server): one per language and options, which are a handful of literals in the code.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(
  value: Date | string,
  locale: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = dateFormats.get(key);
  if (!format) {
    // Hours on the 24-hour clock in every language, as the event pages write them (issue 31).
    format = new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', ...options });
    if (dateFormats.size < 200) dateFormats.set(key, format);
  }
  return format.format(date);
}
