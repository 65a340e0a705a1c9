import type { TLocale } from '@ingressos/domain';

/** The console's language: the page's <html lang>, which the server sets like the storefront's (its `lang` cookie). */
export function pageLocale(): TLocale {
  return document.documentElement.lang === 'en' ? 'en' : 'pt-BR';
}

export function money(cents: number, currency: string, locale: TLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

export function dateTime(iso: string | null | undefined, locale: TLocale): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(date);
}
