import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  // Issue 31: the English cart read '08:00 PM' where the event page says '20:00'.
  it.each(['pt-BR', 'en'])('writes hours on the 24-hour clock in %s, as the event pages do', (locale) => {
    const hour = formatDate('2026-12-28T23:00:00Z', locale, {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(hour).toBe('20:00');
    const pix = formatDate('2026-12-28T03:05:00Z', locale, { dateStyle: 'short', timeStyle: 'short' });
    expect(pix).toContain('00:05');
    expect(pix).not.toMatch(/AM|PM/i);
  });
});
