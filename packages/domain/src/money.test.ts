import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes R$ and U$ in pt-BR digits (with the non-breaking space Intl puts after the symbol)', () => {
    expect(formatMoney(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatMoney(48.6, 'USD')).toBe('U$\u00a048,60');
  });
});
