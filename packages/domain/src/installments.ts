/** The smallest installment a card acquirer accepts in Brazil (R$ 5,00). */
const MIN_INSTALLMENT_CENTS = 500;
export const MAX_INSTALLMENTS = 12;

export type TInstallmentTerms = {
  /** Every ticket of the event is sold interest-free (the spec's noInterest / X-NoInterest). */
  noInterest: boolean;
  /** The gateway's monthly interest rate, in basis points. */
  interestBp: number;
  /** Installments exist only for charges in reais; any other currency is paid at once. */
  currency: string;
  /** The most installments the gateway takes (at most MAX_INSTALLMENTS; 12 when not said). */
  max?: number | undefined;
  /**
   * Issue 15: the event absorbs the interest up to this many installments (its
   * max_interest_free_installments): those plans are interest-free, longer ones carry the rate.
   */
  interestFreeUpTo?: number | null | undefined;
};

export type TInstallmentPlan = {
  installments: number;
  installmentCents: number;
  totalCents: number;
  interestBp: number;
};

/**
 * What `n` installments of a total cost: interest-free ones split the total; otherwise the monthly
 * rate compounds as Brazilian acquirers charge it (Price table) and the buyer pays n equal
 * installments, so the charged total is exactly n × the installment shown. One installment never
 * has interest. Null when `n` is not offered (below the minimum installment, or not in reais).
 * The installment list and the charge both come from here, so what is offered is what is charged.
 */
export function installmentPlan(
  totalCents: number,
  n: number,
  terms: TInstallmentTerms,
): TInstallmentPlan | null {
  if (!Number.isInteger(n) || n < 1 || n > Math.min(terms.max ?? MAX_INSTALLMENTS, MAX_INSTALLMENTS))
    return null;
  if (n > 1 && terms.currency !== 'BRL') return null;
  const free = n === 1 || terms.noInterest || terms.interestBp === 0 || n <= (terms.interestFreeUpTo ?? 1);
  const rate = terms.interestBp / 10_000;
  const installmentCents = free
    ? Math.ceil(totalCents / n)
    : Math.ceil((totalCents * rate) / (1 - (1 + rate) ** -n));
  if (n > 1 && installmentCents < MIN_INSTALLMENT_CENTS) return null;
  return {
    installments: n,
    installmentCents,
    totalCents: free ? totalCents : installmentCents * n,
    interestBp: free ? 0 : terms.interestBp,
  };
}

/** Every plan on offer for a total, 1x first. */
export function installmentPlans(totalCents: number, terms: TInstallmentTerms): TInstallmentPlan[] {
  const plans: TInstallmentPlan[] = [];
  for (let n = 1; n <= MAX_INSTALLMENTS; n += 1) {
    const plan = installmentPlan(totalCents, n, terms);
    if (!plan) break;
    plans.push(plan);
  }
  return plans;
}
