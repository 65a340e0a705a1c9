/**
 * A minimal RFC 5545 iCalendar writer for one event: text escaped (backslash, semicolon, comma,
 * newline), lines folded at 75 octets (never inside a UTF-8 character), CRLF line ends, times in UTC.
 */
export type TCalendarEvent = {
  uid: string;
  start: Date;
  /** Unknown ends are left out: the calendar then shows the start only (RFC 5545 §3.6.1). */
  end: Date | null;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
};

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line: at most 75 octets a line, continuations start with one space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function calendarFile(event: TCalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    ...(event.end ? [`DTEND:${utc(event.end)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
