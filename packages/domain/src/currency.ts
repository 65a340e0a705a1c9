import type { TCurrencyCode } from './catalogue.ts';
import { formatMoney } from './money.ts';

/**
 * commerce §1: the visitor's currency switch (BRL or USD). Prices are charged in the event's
 * currency; the chosen one only changes how they are shown, converted at a dated rate.
 */
export const DISPLAY_CURRENCIES = ['BRL', 'USD'] as const satisfies readonly TCurrencyCode[];
export type TDisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const DEFAULT_DISPLAY_CURRENCY: TDisplayCurrency = 'BRL';
/** Name of the cookie the currency switch sets (beside the language's `lang`). */
export const CURRENCY_COOKIE = 'currency';

export function isDisplayCurrency(value: unknown): value is TDisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** The cookie's value as a currency; anything else (absent, tampered) is the default. */
export function displayCurrencyOf(cookieValue: string | undefined | null): TDisplayCurrency {
  return isDisplayCurrency(cookieValue) ? cookieValue : DEFAULT_DISPLAY_CURRENCY;
}

/** Reais per US dollar, as published for `date` (YYYY-MM-DD, the day the quote is of). */
export type TExchangeRate = { usdBrl: number; date: string };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a rate can be used to convert prices: a positive, finite rate and a real calendar day. */
export function isUsableRate(rate: TExchangeRate | null | undefined): rate is TExchangeRate {
  if (!rate || !Number.isFinite(rate.usdBrl) || rate.usdBrl <= 0) return false;
  const match = ISO_DAY.exec(rate.date);
  if (!match) return false;
  const day = new Date(`${rate.date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(rate.date);
}

/**
 * An amount of `from` in `to` at the rate, rounded to cents (half away from zero on the cents,
 * computed on integers of cents and ten-thousandths so 0.1 + 0.2 does not leak in).
 */
export function convertAmount(
  amount: number,
  from: TCurrencyCode,
  to: TCurrencyCode,
  rate: TExchangeRate,
): number {
  if (from === to) return amount;
  const sign = amount < 0 ? -1 : 1;
  const cents = Math.round(Math.abs(amount) * 100);
  const converted = from === 'BRL' ? cents / rate.usdBrl : cents * rate.usdBrl;
  return (sign * Math.round(converted + 1e-9)) / 100;
}

/** What the visitor sees for a price: its amount and currency, and whether it was converted. */
export type TShownPrice = { value: number; currency: TCurrencyCode; converted: boolean };

/**
 * Whether a price charged in `charged` is converted for a visitor who chose `display`: reais
 * shown in dollars. An event already priced in dollars shows its own prices to everyone.
 */
export function wantsConversion(charged: TCurrencyCode, display: TDisplayCurrency): boolean {
  return charged === 'BRL' && display === 'USD';
}

/**
 * How a price of an event in `charged` currency is shown to a visitor who chose `display`: in
 * dollars when it converts (wantsConversion) and a usable rate is known, else the event's own price
 * (never a made-up conversion).
 */
export function shownPrice(
  amount: number,
  charged: TCurrencyCode,
  display: TDisplayCurrency,
  rate: TExchangeRate | null,
): TShownPrice {
  if (!wantsConversion(charged, display) || !isUsableRate(rate))
    return { value: amount, currency: charged, converted: false };
  return { value: convertAmount(amount, charged, display, rate), currency: display, converted: true };
}

/** shownPrice written as the product writes money (R$ / U$, pt-BR digits, no Intl for these). */
export function formatShownPrice(
  amount: number,
  charged: TCurrencyCode,
  display: TDisplayCurrency,
  rate: TExchangeRate | null,
): string {
  const shown = shownPrice(amount, charged, display, rate);
  return formatMoney(shown.value, shown.currency);
}

/** Whether prices in `charged` are converted for this visitor (the pages then say what is charged). */
export function isConverted(
  charged: TCurrencyCode,
  display: TDisplayCurrency,
  rate: TExchangeRate | null,
): boolean {
  return wantsConversion(charged, display) && isUsableRate(rate);
}

/** "27/11/2026" for "2026-11-27": the rate's day in Brazilian order, by hand (no Intl at hydration). */
export function rateDayText(date: string): string {
  const match = ISO_DAY.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
