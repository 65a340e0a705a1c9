import { describe, expect, it } from 'vitest';
import { installmentPlan, installmentPlans } from './installments.ts';

const brl = { noInterest: false, interestBp: 299, currency: 'BRL' };

describe('installmentPlan', () => {
  it('charges exactly n times the installment shown when there is interest', () => {
    const plan = installmentPlan(6600, 2, brl)!;
    expect(plan.installmentCents).toBe(3449);
    expect(plan.totalCents).toBe(6898);
    expect(plan.totalCents).toBe(plan.installmentCents * 2);
  });

  it('keeps the total when interest-free or in one installment', () => {
    expect(installmentPlan(6600, 1, brl)!.totalCents).toBe(6600);
    expect(installmentPlan(6600, 3, { ...brl, noInterest: true })).toEqual({
      installments: 3,
      installmentCents: 2200,
      totalCents: 6600,
      interestBp: 0,
    });
  });

  it('one installment is the same plan whatever the event absorbs (the payment reads the terms only for more)', () => {
    const once = installmentPlan(6600, 1, brl);
    for (const terms of [
      { ...brl, noInterest: true },
      { ...brl, interestFreeUpTo: 6 },
      { ...brl, interestBp: 0 },
    ])
      expect(installmentPlan(6600, 1, terms)).toEqual(once);
    expect(once).toEqual({ installments: 1, installmentCents: 6600, totalCents: 6600, interestBp: 0 });
  });

  it('offers no installment below R$ 5,00, nor any beyond 1x in another currency', () => {
    expect(installmentPlan(900, 2, brl)).toBeNull();
    expect(installmentPlan(6600, 2, { ...brl, currency: 'USD' })).toBeNull();
    expect(installmentPlan(6600, 1, { ...brl, currency: 'USD' })!.totalCents).toBe(6600);
    expect(installmentPlan(6600, 13, brl)).toBeNull();
  });

  it('lists 1x first and stops where the minimum installment would be broken', () => {
    const plans = installmentPlans(2000, brl);
    expect(plans.map((p) => p.installments)).toEqual([1, 2, 3, 4]);
    expect(plans.at(-1)!.installmentCents).toBeGreaterThanOrEqual(500);
  });

  it('an event absorbing the interest up to N installments: those are interest-free, longer ones carry the rate', () => {
    const upTo3 = { ...brl, interestFreeUpTo: 3 };
    const plans = installmentPlans(30000, upTo3);
    expect(plans.filter((p) => p.interestBp === 0).map((p) => p.installments)).toEqual([1, 2, 3]);
    expect(installmentPlan(30000, 3, upTo3)).toMatchObject({ totalCents: 30000, installmentCents: 10000 });
    const four = installmentPlan(30000, 4, upTo3)!;
    expect(four.interestBp).toBe(brl.interestBp);
    expect(four.totalCents).toBe(four.installmentCents * 4);
    expect(four.totalCents).toBeGreaterThan(30000);
    // Without the event's terms nothing changes.
    expect(installmentPlan(30000, 2, { ...brl, interestFreeUpTo: null })!.interestBp).toBe(brl.interestBp);
  });
});
