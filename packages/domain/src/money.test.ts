import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const formats = new Map<string, Intl.NumberFormat>();
const intl = (value: number, currency: string) => {
  if (!formats.has(currency))
    formats.set(currency, new Intl.NumberFormat('pt-BR', { style: 'currency', currency }));
  return formats.get(currency)!.format(value).replace('US$', 'U$');
};

describe('formatMoney', () => {
  it('writes R$ and U$ in pt-BR digits (with the non-breaking space Intl puts after the symbol)', () => {
    expect(formatMoney(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatMoney(48.6, 'USD')).toBe('U$\u00a048,60');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
    expect(formatMoney(1_000_000)).toBe('R$\u00a01.000.000,00');
  });

  it('rounds cents as Intl does: half away from zero on the number as written', () => {
    expect(formatMoney(1.005)).toBe('R$\u00a01,01');
    expect(formatMoney(2.675)).toBe('R$\u00a02,68');
    expect(formatMoney(999.995)).toBe('R$\u00a01.000,00');
    expect(formatMoney(10.234)).toBe('R$\u00a010,23');
  });

  it("gives Intl's text to the byte over prices, sums of prices, thirds and tiny and huge amounts", () => {
    const amounts = [
      0,
      1e-7,
      0.000001,
      0.004,
      0.005,
      1e13 - 0.01,
      1e13,
      1e15,
      123456789012.345,
      1e21,
      9.999e20,
    ];
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents / 100);
    for (let i = 1; i < 5_000; i += 1) amounts.push(i * 0.1 + i * 0.2, (i * 100) / 3, i * 1.115, i ** 3 / 7);
    for (const currency of ['BRL', 'USD']) {
      const wrong = amounts.filter((value) => formatMoney(value, currency) !== intl(value, currency));
      expect(wrong.slice(0, 5)).toEqual([]);
    }
  });

  it('leaves negatives, negative zero, NaN and other currencies to Intl', () => {
    for (const value of [-1.5, -0, -0.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(value)).toBe(intl(value, 'BRL'));
    }
    expect(formatMoney(10, 'EUR')).toBe(intl(10, 'EUR'));
  });
});
