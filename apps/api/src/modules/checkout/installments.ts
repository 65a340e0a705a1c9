import type { TInstallmentOption } from '@ingressos/contracts';

const MAX_INSTALLMENTS = 12;
/** The smallest installment a card acquirer accepts in Brazil (R$ 5,00). */
const MIN_INSTALLMENT_CENTS = 500;

/**
 * Installment options for a total (GET api/socialEvent/{id}/getInstallments?value=). Lots with
 * noInterest pay no interest; otherwise 2 or more installments carry the monthly rate, compounded
 * (Price table), as Brazilian acquirers charge it. One installment never has interest.
 */
export function installmentOptions(
  totalCents: number,
  options: { noInterest: boolean; interestBp: number; locale: 'pt-BR' | 'en' },
): TInstallmentOption[] {
  const money = new Intl.NumberFormat(options.locale, { style: 'currency', currency: 'BRL' });
  const result: TInstallmentOption[] = [];
  for (let n = 1; n <= MAX_INSTALLMENTS; n += 1) {
    const free = n === 1 || options.noInterest || options.interestBp === 0;
    const rate = options.interestBp / 10_000;
    const installmentCents = free
      ? Math.ceil(totalCents / n)
      : Math.ceil((totalCents * rate) / (1 - (1 + rate) ** -n));
    if (n > 1 && installmentCents < MIN_INSTALLMENT_CENTS) break;
    const totalValue = free ? totalCents : installmentCents * n;
    const suffix = free
      ? options.locale === 'en'
        ? 'interest-free'
        : 'sem juros'
      : `(${money.format(totalValue / 100)})`;
    result.push({
      installments: n,
      installmentValue: installmentCents / 100,
      totalValue: totalValue / 100,
      interestRate: free ? 0 : options.interestBp / 100,
      noInterest: free,
      label: `${n}x ${money.format(installmentCents / 100)} ${suffix}`,
    });
  }
  return result;
}
