// Building an Intl.DateTimeFormat costs far more than using one: keep one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock parts of an instant in a time zone (Intl, no library). */
function parts(date: Date, timeZone: string) {
  const fields = formatFor(timeZone).formatToParts(date);
  const get = (type: string) => fields.find((f) => f.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** ISO 8601 with the zone's offset, as schema.org and people expect: 2027-03-14T21:00:00-03:00. */
export function isoInTimeZone(date: Date, timeZone: string): string {
  const local = parts(date, timeZone);
  const asUtc = Date.parse(`${local.date}T${local.time}Z`);
  const offsetMinutes = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.date}T${local.time}${offset}`;
}

/** "21:00": the hour the event starts, on the venue's clock. */
export function hourInTimeZone(date: Date, timeZone: string): string {
  return parts(date, timeZone).time.slice(0, 5);
}
