import { describe, expect, it } from 'vitest';
import { hourInTimeZone, isoInTimeZone } from './time.ts';

describe('time zones', () => {
  it('writes the instant with the venue offset', () => {
    const instant = new Date('2027-03-15T00:00:00Z');
    expect(isoInTimeZone(instant, 'America/Sao_Paulo')).toBe('2027-03-14T21:00:00-03:00');
    expect(isoInTimeZone(instant, 'America/Manaus')).toBe('2027-03-14T20:00:00-04:00');
    expect(isoInTimeZone(instant, 'UTC')).toBe('2027-03-15T00:00:00+00:00');
  });
  it('gives the local hour', () => {
    expect(hourInTimeZone(new Date('2027-03-15T00:30:00Z'), 'America/Sao_Paulo')).toBe('21:30');
  });
});
