/**
 * Issue 31: a charge settles an order only when it is for exactly what the order charges. The one
 * comparison every settlement path goes through (apps/api settle-payment.ts and, per card of a
 * split, multi-payment.ts): the gateway's amount in cents (for a card, the installment plan's total
 * as offered, installments.ts) and its currency against the order's (or the split part's).
 */

export type TChargeAmount = { amountCents: number; currency: string };

/** What the gateway reported of a charge: a gateway that says nothing of its amount proves nothing. */
export type TReportedAmount = {
  amountCents?: number | null | undefined;
  currency?: string | null | undefined;
};

export type TAmountMismatch = {
  /** What differs: the amount, the currency, or the gateway did not say (never taken as a match). */
  what: 'amount' | 'currency' | 'unreported';
  expected: TChargeAmount;
  got: { amountCents: number | null; currency: string | null };
};

/**
 * Null when the charge is for exactly the expected amount and currency (ISO 4217, compared without
 * regard to case); otherwise what differs. A missing amount or currency is a mismatch.
 */
export function chargeAmountMismatch(
  expected: TChargeAmount,
  reported: TReportedAmount,
): TAmountMismatch | null {
  const got = {
    amountCents: typeof reported.amountCents === 'number' ? reported.amountCents : null,
    currency: typeof reported.currency === 'string' ? reported.currency : null,
  };
  if (got.amountCents === null || !Number.isFinite(got.amountCents) || !got.currency)
    return { what: 'unreported', expected, got };
  if (got.currency.trim().toUpperCase() !== expected.currency.trim().toUpperCase())
    return { what: 'currency', expected, got };
  if (got.amountCents !== expected.amountCents) return { what: 'amount', expected, got };
  return null;
}
