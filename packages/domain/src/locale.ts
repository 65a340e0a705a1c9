export const LOCALES = ['pt-BR', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'pt-BR';
/** Name of the cookie the language switch sets. */
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a request: the switch's cookie when set, otherwise the first language
 * of Accept-Language we speak (any `pt-*` is Portuguese, any `en-*` English); a browser that
 * names only other languages is a foreign visitor's, answered in English (the spec's "English
 * variant for foreign visitors"); no hint at all (or only `*`) is pt-BR.
 */
export function negotiateLocale(
  cookieValue: string | undefined,
  acceptLanguage: string | null | undefined,
): TLocale {
  if (isLocale(cookieValue)) return cookieValue;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return ranked.some(({ tag }) => tag !== '*') ? 'en' : DEFAULT_LOCALE;
}
