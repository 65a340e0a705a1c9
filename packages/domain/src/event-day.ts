import { isoInTimeZone } from './time.ts';

/**
 * Issue 35, the gate's `wrong_day`: a ticket enters on its event's calendar day (on the venue's
 * clock, the event's time zone), or the next day until 06:00 (a show running past midnight). Any
 * other day is refused. Shared by the server's check-in and the gate app's offline decision.
 */
export const PAST_MIDNIGHT_UNTIL_HOUR = 6;

const DAY_MS = 86_400_000;
/** "2026-11-29": the calendar day of `ms` on the zone's clock. */
const dayOf = (ms: number, timeZone: string) => isoInTimeZone(new Date(ms), timeZone).slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export function isEventDay(startsAt: Date | string, timeZone: string, nowMs: number): boolean {
  const eventDay = dayOf(new Date(startsAt).getTime(), timeZone);
  const local = isoInTimeZone(new Date(nowMs), timeZone);
  const today = local.slice(0, 10);
  if (today === eventDay) return true;
  return today === nextDay(eventDay) && Number(local.slice(11, 13)) < PAST_MIDNIGHT_UNTIL_HOUR;
}
