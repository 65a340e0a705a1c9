import type { TTranslate } from '~/i18n/index.ts';

/** A wait in words: "menos de 1 minuto", "12 min", "1 h 5 min". */
export function waitText(t: TTranslate, seconds: number): string {
  if (seconds < 60) return t('queue.lessThanMinute');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('queue.minutes', { n: minutes });
  return t('queue.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** A clock time in the visitor's language, in Brasília time (where the events are sold). */
export function clockText(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}
