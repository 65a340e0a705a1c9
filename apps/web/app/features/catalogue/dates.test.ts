import { hourInTimeZone } from '@ingressos/domain/time';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/i18n/index.ts';
import { longDate, shortDate, venueDay } from './dates.ts';

const ZONES = [
  'America/Sao_Paulo',
  'America/Noronha',
  'America/Manaus',
  'America/Rio_Branco',
  'America/New_York',
  'Europe/Lisbon',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
];

const formats = new Map<string, Intl.DateTimeFormat>();
function intl(iso: string, timeZone: string, locale: string, long: boolean) {
  const key = `${timeZone} ${locale} ${long}`;
  if (!formats.has(key)) {
    const options = long
      ? ({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const)
      : ({ weekday: 'short', day: 'numeric', month: 'short' } as const);
    formats.set(key, new Intl.DateTimeFormat(locale, { timeZone, ...options }));
  }
  return formats.get(key)!.format(new Date(iso));
}

/** Starts as the API sends them: the instant in UTC and the venue's clock, from the zone's rules. */
function starts(timeZone: string) {
  const all = [];
  for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 11, 31); day += 86_400_000 * 1.37) {
    const date = new Date(Math.floor(day / 60_000) * 60_000);
    all.push({ date: date.toISOString(), hour: hourInTimeZone(date, timeZone), timeZone });
  }
  return all;
}

describe('event dates on the venue calendar', () => {
  // 32,000 dates checked against Intl: about 1 s alone, past the default 5 s beside the rest of the suite.
  it("writes Intl's text to the byte, in both languages, around midnight and across DST", {
    timeout: 30_000,
  }, () => {
    for (const timeZone of ZONES) {
      for (const start of starts(timeZone)) {
        for (const locale of ['pt-BR', 'en'] as const) {
          const t = createTranslator(locale);
          expect(longDate(start, t, locale)).toBe(intl(start.date, timeZone, locale, true));
          expect(shortDate(start, t, locale)).toBe(intl(start.date, timeZone, locale, false));
        }
      }
    }
  });

  it('reads the day from the instant and the venue clock, and declines what it cannot tell apart', () => {
    // 01:30 UTC on the 15th is 22:30 on the 14th in São Paulo.
    const start = { date: '2027-03-15T01:30:00.000Z', hour: '22:30', timeZone: 'America/Sao_Paulo' };
    expect(venueDay(start)?.toISOString()).toBe('2027-03-14T22:30:00.000Z');
    const [pt, en] = [createTranslator('pt-BR'), createTranslator('en')];
    expect(shortDate(start, pt, 'pt-BR')).toBe('dom., 14 de mar.');
    expect(longDate(start, en, 'en')).toBe('Sunday, March 14, 2027');
    // +14:00 and -10:00 read alike modulo a day: Intl answers.
    expect(venueDay({ ...start, hour: '15:30', timeZone: 'Pacific/Kiritimati' })).toBeNull();
    expect(venueDay({ ...start, hour: '9h' })).toBeNull();
    expect(longDate({ ...start, hour: '15:30', timeZone: 'Pacific/Kiritimati' }, pt, 'pt-BR')).toBe(
      'segunda-feira, 15 de março de 2027',
    );
    // A catalogue without the names (an older build's file) also leaves it to Intl.
    expect(shortDate(start, () => '', 'en')).toBe('Sun, Mar 14');
  });
});
