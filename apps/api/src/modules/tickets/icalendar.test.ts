import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from './icalendar.ts';

const event = {
  uid: 'order-1@bilheto',
  start: new Date('2026-12-23T23:00:00Z'),
  end: null,
  summary: 'Samba, suor; e cerveja\\ no Rio',
  location: 'Arena Bilheto, Rua A, 10 - Centro, São Paulo - SP',
  description: `Pedido ABC123\n${'Ingressos em Meus ingressos. '.repeat(4)}`,
  url: 'https://bilheto.example/pedido/order-1',
  stamp: new Date('2026-11-24T12:00:00Z'),
};

describe('the iCalendar file', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `LOCATION:${'ã'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    // Unfolding gives the line back.
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('writes one VEVENT in UTC with CRLF line ends, the venue and no end when none is known', () => {
    const text = calendarFile(event, '-//Bilheto//Pedidos//PT');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nDTSTART:20261223T230000Z\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20261124T120000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Samba\\, suor\\; e cerveja\\\\ no Rio\r\n');
    expect(unfolded).toContain('\r\nLOCATION:Arena Bilheto\\, Rua A\\, 10 - Centro\\, São Paulo - SP\r\n');
    expect(unfolded).toContain('\r\nDESCRIPTION:Pedido ABC123\\nIngressos');
    expect(unfolded).not.toContain('DTEND');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const withEnd = calendarFile({ ...event, end: new Date('2026-12-24T03:30:00Z') }, 'x');
    expect(withEnd).toContain('\r\nDTEND:20261224T033000Z\r\n');
  });
});
