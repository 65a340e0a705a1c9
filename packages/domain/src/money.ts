const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the product writes it everywhere (pages, installment labels, e-mails): R$ for BRL
 * and U$ for USD, both in pt-BR digits as the spec asks.
 */
export function formatMoney(value: number, currency: string = 'BRL'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  const text = format.format(value);
  return currency === 'USD' ? text.replace('US$', 'U$') : text;
}
