import { describe, expect, it } from 'vitest';
import { chargeAmountMismatch } from './charge-amount.ts';
import { installmentPlan } from './installments.ts';

const order = { amountCents: 11_000, currency: 'BRL' };

describe('a charge against its order', () => {
  it('matches only the same cents in the same currency', () => {
    expect(chargeAmountMismatch(order, { amountCents: 11_000, currency: 'BRL' })).toBeNull();
    expect(chargeAmountMismatch(order, { amountCents: 11_000, currency: 'brl' })).toBeNull();
  });

  it('refuses R$ 1,00 for a R$ 110,00 order, and one cent more or less', () => {
    expect(chargeAmountMismatch(order, { amountCents: 100, currency: 'BRL' })).toEqual({
      what: 'amount',
      expected: order,
      got: { amountCents: 100, currency: 'BRL' },
    });
    expect(chargeAmountMismatch(order, { amountCents: 10_999, currency: 'BRL' })?.what).toBe('amount');
    expect(chargeAmountMismatch(order, { amountCents: 11_001, currency: 'BRL' })?.what).toBe('amount');
  });

  it('refuses the right number in another currency', () => {
    expect(chargeAmountMismatch(order, { amountCents: 11_000, currency: 'USD' })?.what).toBe('currency');
  });

  it('never takes a charge whose amount or currency the gateway did not report as a match', () => {
    expect(chargeAmountMismatch(order, {})?.what).toBe('unreported');
    expect(chargeAmountMismatch(order, { amountCents: null, currency: null })?.what).toBe('unreported');
    expect(chargeAmountMismatch(order, { amountCents: 11_000 })?.what).toBe('unreported');
    expect(chargeAmountMismatch(order, { currency: 'BRL' })?.what).toBe('unreported');
    expect(chargeAmountMismatch(order, { amountCents: Number.NaN, currency: 'BRL' })?.what).toBe(
      'unreported',
    );
  });

  it('compares a card in installments with the plan total as offered, not the cart total', () => {
    const plan = installmentPlan(11_000, 3, { noInterest: false, interestBp: 299, currency: 'BRL' })!;
    expect(plan.totalCents).toBeGreaterThan(11_000);
    const charged = { amountCents: plan.totalCents, currency: 'BRL' };
    expect(chargeAmountMismatch(charged, { amountCents: plan.totalCents, currency: 'BRL' })).toBeNull();
    expect(chargeAmountMismatch(charged, { amountCents: 11_000, currency: 'BRL' })?.what).toBe('amount');
  });
});
