import { formatDate, LONG_DAY, SHORT_DAY, type TTranslate } from '~/i18n/format.ts';

/** What every event the API sends carries of its start: the UTC instant, the venue's clock and zone. */
type TStart = { date: string; hour: string; timeZone: string };

/**
 * The venue's wall clock at a start, as a Date whose UTC fields read it, without Intl (issue 18): the first Intl formatter a page
 * builds starts ICU, ~30 ms of a phone's main thread (~120 ms at Lighthouse's 4x slowdown) inside
 * hydration, where every card's date is written. The UTC instant and the venue's "21:00" give the
 * zone's offset to the minute modulo a day; null where that reading is ambiguous (offsets outside
 * -09:00..+11:00, which no Brazilian zone is) or the start is not what the API sends, and Intl
 * answers instead.
 */
export function venueDay({ date, hour }: TStart): Date | null {
  const instant = Date.parse(date);
  const clock = /^(\d\d):(\d\d)$/.exec(hour);
  if (!clock || Number.isNaN(instant)) return null;
  const utc = new Date(instant);
  const minutes = Number(clock[1]) * 60 + Number(clock[2]) - utc.getUTCHours() * 60 - utc.getUTCMinutes();
  let offset = (minutes + 2880) % 1440;
  if (offset > 720) offset -= 1440;
  if (offset < -540 || offset > 660) return null;
  return new Date(instant + offset * 60_000);
}

/**
 * A start as the language writes it: the day and month names and the patterns are the catalogue's
 * ('calendar.*', CLDR's text as Intl writes it; the short names are the first three letters);
 * Intl with `options` where the day cannot be read or the catalogue lacks the names.
 */
function calendarText(
  start: TStart,
  t: TTranslate,
  locale: string,
  pattern: 'calendar.long' | 'calendar.short',
  options: Intl.DateTimeFormatOptions,
): string {
  const day = venueDay(start);
  const weekdays = t('calendar.weekdays').split(' ');
  const months = t('calendar.months').split(' ');
  if (!day || weekdays.length !== 7 || months.length !== 12) {
    return formatDate(start.date, locale, { timeZone: start.timeZone, ...options });
  }
  const weekday = weekdays[day.getUTCDay()]!;
  const month = months[day.getUTCMonth()]!;
  const short = { wd: weekday.slice(0, 3), mon: month.slice(0, 3) };
  return t(pattern, { weekday, month, ...short, day: day.getUTCDate(), year: day.getUTCFullYear() });
}

/** "sábado, 14 de março de 2027" ("Saturday, March 14, 2027"), on the venue's calendar. */
export const longDate = (start: TStart, t: TTranslate, locale: string) =>
  calendarText(start, t, locale, 'calendar.long', LONG_DAY);

/** "sáb., 14 de mar." ("Sat, Mar 14"), for cards. */
export const shortDate = (start: TStart, t: TTranslate, locale: string) =>
  calendarText(start, t, locale, 'calendar.short', SHORT_DAY);
