const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The symbols the product writes (the spec's U$, not Intl's US$): money.ts's, the currency switch's and the notes'. */
export const MONEY_SYMBOLS: Record<string, string> = { BRL: 'R$', USD: 'U$' };

/**
 * "1.234,50" for 1234.5: pt-BR digits of an amount from 0 to 1e13 rounded to cents as Intl rounds:
 * half away from zero on the shortest decimal that reads back as the number (1.005 -> 1,01, and
 * 3.3449999999999998 -> 3,34), read off its digits since arithmetic on the number would not be exact.
 */
function centsText(value: number): string {
  const [whole = '0', fraction = ''] = String(value).split('.');
  const cents =
    Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1 : 0);
  return (cents / 100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+,)/g, '.');
}

/**
 * An amount as the product writes it everywhere (pages, installment labels, e-mails): R$ for BRL
 * and U$ for USD, both in pt-BR digits as the spec asks, with the non-breaking space Intl puts
 * after the symbol.
 *
 * Written by hand for non-negative BRL and USD (issue 18): the first Intl formatter a page builds
 * starts ICU, ~30 ms of a phone's main thread (~120 ms at Lighthouse's 4x slowdown) inside
 * hydration, where every price on a card is formatted. The text is Intl's to the byte
 * (money.test.ts compares the two over many amounts); negatives, other currencies, NaN, infinities
 * and amounts below a millionth or from 1e13 still go to Intl.
 */
export function formatMoney(value: number, currency: string = 'BRL'): string {
  const symbol = MONEY_SYMBOLS[currency];
  // From 1e-6 up String() has no exponent, and below 1e13 the cents are exact integers.
  if (symbol && (value === 0 ? !Object.is(value, -0) : value >= 1e-6 && value < 1e13)) {
    return `${symbol}\u00a0${centsText(value)}`;
  }
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  const text = format.format(value);
  return currency === 'USD' ? text.replace('US$', 'U$') : text;
}
