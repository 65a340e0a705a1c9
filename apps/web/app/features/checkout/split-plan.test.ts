import type { TMultiplePayment } from '@ingressos/contracts';
import { describe, expect, it } from 'vitest';
import { asInput, cents, currentPart, evenSplit, isDeclined, parseCents, splitPlan } from './split-plan.ts';

const split = (statuses: string[], nextPosition: number | null): TMultiplePayment => ({
  multiplePaymentUID: 'u',
  total: 100,
  currency: 'BRL',
  minimum: 5,
  remaining: 10,
  nextPosition,
  payments: statuses.map((status, position) => ({
    position,
    paymentCode: `p${position}`,
    value: 10 + position,
    amount: 10 + position,
    installments: 1,
    status,
    statusDetail: null,
    card: null,
    attempts: 0,
  })),
});

describe('split payment plan', () => {
  it('reads amounts typed either way, in cents', () => {
    expect(parseCents('25,50')).toBe(2550);
    expect(parseCents('R$ 1.025,50')).toBe(102550);
    expect(parseCents('25.5')).toBe(2550);
    expect(parseCents('abc')).toBeNaN();
    expect(parseCents('1,234')).toBeNaN();
    expect(asInput(2550)).toBe('25,50');
    expect(cents(10.1)).toBe(1010);
  });

  it('splits evenly, the last card taking the remainder', () => {
    expect(evenSplit(1000, 3)).toEqual([333, 333, 334]);
    expect(evenSplit(1001, 2)).toEqual([500, 501]);
  });

  it('gives the last card what remains and says what is wrong', () => {
    expect(splitPlan(['30,00', '99'], 2, 10000)).toEqual({ rest: 7000, values: [3000, 7000], problem: null });
    expect(splitPlan(['100,00'], 2, 10000).problem).toBe('sumWrong');
    expect(splitPlan(['x'], 2, 10000).problem).toBe('sumWrong');
    expect(splitPlan(['98,00'], 2, 10000).problem).toBe('belowMinimum');
    expect(splitPlan(['4,99'], 2, 10000).problem).toBe('belowMinimum');
  });

  it('pays the first planned amount, then the split’s next part', () => {
    expect(currentPart(null, 3, [1000, 2000, 3000])).toEqual({ position: 0, parts: 3, amount: 10 });
    expect(currentPart(split(['approved', 'pending'], 1), 3, [])).toEqual({
      position: 1,
      parts: 2,
      amount: 11,
    });
    expect(currentPart(split(['approved', 'processing'], null), 2, [])).toEqual({
      position: null,
      parts: 2,
      amount: 0,
    });
  });

  it('knows when the next card was declined', () => {
    expect(isDeclined(split(['approved', 'rejected'], 1))).toBe(true);
    expect(isDeclined(split(['approved', 'failed'], 1))).toBe(true);
    expect(isDeclined(split(['approved', 'pending'], 1))).toBe(false);
  });
});
