/** The UTC offset of `zone` at `date`, in minutes (São Paulo: -180). */
function offsetMinutes(date: Date, zone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * An instant as the catalogue file writes it: the wall clock of `zone` with its UTC offset,
 * `2027-03-14T21:00:00-03:00` (milliseconds only when there are some), so an exported date reads
 * as the producer wrote it and imports back to the very same instant.
 */
export function isoInZone(date: Date, zone: string): string {
  const offset = offsetMinutes(date, zone);
  const local = new Date(date.getTime() + offset * 60_000).toISOString();
  const clock = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${clock}${sign}${hh}:${mm}`;
}
