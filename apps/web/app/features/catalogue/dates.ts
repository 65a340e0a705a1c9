import { formatDate } from '~/i18n/format.ts';

/** "sábado, 14 de março de 2027", on the venue's calendar. */
export function longDate(iso: string, timeZone: string, locale: string): string {
  return formatDate(iso, locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "sáb., 14 de mar.", for cards. */
export function shortDate(iso: string, timeZone: string, locale: string): string {
  return formatDate(iso, locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
}
