import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  displayCurrencyOf,
  formatShownPrice,
  isConverted,
  isUsableRate,
  rateDayText,
  shownPrice,
} from './currency.ts';

const rate = { usdBrl: 5.3412, date: '2026-11-27' };

describe('the currency switch', () => {
  it('reads the cookie as BRL or USD, anything else as BRL', () => {
    expect(displayCurrencyOf('USD')).toBe('USD');
    expect(displayCurrencyOf('BRL')).toBe('BRL');
    for (const bad of [undefined, null, '', 'usd', 'EUR', 'USD ', '<script>'])
      expect(displayCurrencyOf(bad)).toBe('BRL');
  });

  it('converts reais to dollars and back at the rate, rounded to cents', () => {
    expect(convertAmount(110, 'BRL', 'USD', rate)).toBe(20.59); // 110 / 5.3412 = 20.5946…
    expect(convertAmount(55, 'BRL', 'USD', rate)).toBe(10.3); // 10.2973…
    expect(convertAmount(20, 'USD', 'BRL', rate)).toBe(106.82); // 106.824
    expect(convertAmount(0, 'BRL', 'USD', rate)).toBe(0);
    expect(convertAmount(110, 'BRL', 'BRL', rate)).toBe(110);
    // 0.1 + 0.2 of reais is 30 cents, not 30.000000000000004.
    expect(convertAmount(0.1 + 0.2, 'USD', 'BRL', { usdBrl: 2, date: '2026-11-27' })).toBe(0.6);
    expect(convertAmount(-10, 'USD', 'BRL', { usdBrl: 5, date: '2026-11-27' })).toBe(-50);
  });

  it('shows reais in dollars to a visitor who chose U$, and an event priced in dollars as it is to everyone', () => {
    expect(shownPrice(110, 'BRL', 'USD', rate)).toEqual({ value: 20.59, currency: 'USD', converted: true });
    expect(shownPrice(48.6, 'USD', 'USD', rate)).toEqual({ value: 48.6, currency: 'USD', converted: false });
    expect(shownPrice(110, 'BRL', 'BRL', rate)).toEqual({ value: 110, currency: 'BRL', converted: false });
    expect(shownPrice(20, 'USD', 'BRL', rate)).toEqual({ value: 20, currency: 'USD', converted: false });
    expect(formatShownPrice(110, 'BRL', 'USD', rate)).toBe('U$\u00a020,59');
    expect(formatShownPrice(1234.5, 'BRL', 'BRL', rate)).toBe('R$\u00a01.234,50');
    expect(isConverted('BRL', 'USD', rate)).toBe(true);
    expect(isConverted('USD', 'USD', rate)).toBe(false);
    expect(isConverted('USD', 'BRL', rate)).toBe(false);
  });

  it('never invents a conversion without a usable rate: the event’s own price is shown', () => {
    for (const bad of [
      null,
      { usdBrl: 0, date: '2026-11-27' },
      { usdBrl: -5, date: '2026-11-27' },
      { usdBrl: Number.NaN, date: '2026-11-27' },
      { usdBrl: Number.POSITIVE_INFINITY, date: '2026-11-27' },
      { usdBrl: 5, date: '27/11/2026' },
      { usdBrl: 5, date: '2026-02-30' },
    ]) {
      expect(isUsableRate(bad)).toBe(false);
      expect(shownPrice(110, 'BRL', 'USD', bad)).toEqual({ value: 110, currency: 'BRL', converted: false });
      expect(isConverted('BRL', 'USD', bad)).toBe(false);
    }
    expect(isUsableRate(rate)).toBe(true);
  });

  it('writes the rate’s day as DD/MM/AAAA', () => {
    expect(rateDayText('2026-11-27')).toBe('27/11/2026');
    expect(rateDayText('2027-01-04')).toBe('04/01/2027');
  });
});
