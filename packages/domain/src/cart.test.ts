import { describe, expect, it } from 'vitest';
import {
  applyCoupon,
  cartTotals,
  cpfsNeeded,
  exceedsCartLimit,
  incompleteTables,
  protectionCents,
  sessionModalFor,
  type TCartLine,
  type TCoupon,
} from './cart.ts';

const line = (over: Partial<TCartLine> = {}): TCartLine => ({
  id: 'a',
  lotId: 'lot-1',
  quantity: 2,
  unitCents: 10_000,
  convenienceCents: 1_000,
  processingCents: 300,
  ...over,
});

describe('cartTotals', () => {
  it('adds fees and protection and subtracts discounts', () => {
    const totals = cartTotals(
      [line(), line({ id: 'b', quantity: 1, unitCents: 5_000, convenienceCents: 500, discountCents: 1_000 })],
      1_990,
    );
    expect(totals.subtotalCents).toBe(25_000);
    expect(totals.convenienceCents).toBe(2_500);
    expect(totals.processingCents).toBe(900);
    expect(totals.discountCents).toBe(1_000);
    expect(totals.totalCents).toBe(25_000 + 2_500 + 900 + 1_990 - 1_000);
  });

  it('leaves the processing fee out of the summary total', () => {
    const totals = cartTotals([line()]);
    expect(totals.summaryTotalCents).toBe(totals.totalCents - 600);
  });

  it('never discounts a unit below zero', () => {
    expect(cartTotals([line({ quantity: 1, discountCents: 99_999 })]).discountCents).toBe(10_000);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([]).totalCents).toBe(0);
  });
});

describe('applyCoupon', () => {
  const coupon: TCoupon = { code: 'SAMBA10', remaining: 2, lotIds: [], kind: 'percent', basisPoints: 1_000 };

  it('discounts as many units as coupons remain, splitting a line', () => {
    const { lines, applied } = applyCoupon([line({ quantity: 3 })], coupon);
    expect(applied).toBe(2);
    expect(lines).toEqual([
      expect.objectContaining({ id: 'a', quantity: 2, discountCents: 1_000, promoCode: 'SAMBA10' }),
      expect.objectContaining({ id: 'a:full', quantity: 1 }),
    ]);
    expect(lines[1]).not.toHaveProperty('discountCents');
    expect(cartTotals(lines).discountCents).toBe(2_000);
  });

  it('spreads over lines in order until the coupons run out', () => {
    const { lines, applied } = applyCoupon([line({ quantity: 1 }), line({ id: 'b', quantity: 2 })], coupon);
    expect(applied).toBe(2);
    expect(lines.map((l) => [l.id, l.quantity, l.discountCents ?? 0])).toEqual([
      ['a', 1, 1_000],
      ['b', 1, 1_000],
      ['b:full', 1, 0],
    ]);
  });

  it('touches only the lots it names', () => {
    const { lines, applied } = applyCoupon([line({ lotId: 'other' })], { ...coupon, lotIds: ['lot-1'] });
    expect(applied).toBe(0);
    expect(lines[0]!.discountCents).toBeUndefined();
  });

  it('caps a fixed discount at the unit price', () => {
    const { lines } = applyCoupon([line({ quantity: 1 })], { ...coupon, kind: 'fixed', cents: 50_000 });
    expect(lines[0]!.discountCents).toBe(10_000);
  });

  it('applies nothing when no coupon remains', () => {
    expect(applyCoupon([line()], { ...coupon, remaining: 0 }).applied).toBe(0);
  });
});

describe('exceedsCartLimit', () => {
  it('allows reaching the limit and refuses passing it', () => {
    expect(exceedsCartLimit(4, 4, 8)).toBe(false);
    expect(exceedsCartLimit(4, 5, 8)).toBe(true);
  });
});

describe('incompleteTables', () => {
  it('names open tables held below their minimum', () => {
    expect(
      incompleteTables([
        { controlledPlaceId: 't1', seats: 2, min: 4, bookAsAWhole: false, leftover: false },
        { controlledPlaceId: 't2', seats: 4, min: 4, bookAsAWhole: false, leftover: false },
        { controlledPlaceId: 't3', seats: 1, min: 4, bookAsAWhole: false, leftover: true },
        { controlledPlaceId: 't4', seats: 6, min: 6, bookAsAWhole: true, leftover: false },
      ]),
    ).toEqual(['t1']);
  });
});

describe('sessionModalFor', () => {
  it.each([
    [600, false, 'none'],
    [181, false, 'none'],
    [180, false, 'areYouStillThere'],
    [62, false, 'areYouStillThere'],
    [61, false, 'none'],
    [60, false, 'finalizePurchase'],
    [1, false, 'finalizePurchase'],
    [0, false, 'cartExpired'],
    [120, true, 'sessionEnding'],
    [30, true, 'sessionEnding'],
    [-5, true, 'cartExpired'],
  ] as const)('%i s left (payment page: %s) -> %s', (seconds, onPayment, modal) => {
    expect(sessionModalFor(seconds, onPayment)).toBe(modal);
  });
});

describe('protectionCents', () => {
  it('is the percentage of price plus convenience fee, the same on the event page and in the cart', () => {
    // The festival: R$ 160,00 + 10 % fee, 10 % protection.
    expect(protectionCents({ priceCents: 16_000, feeCents: 1_600 }, 1_000)).toBe(1_760);
    expect(protectionCents({ priceCents: 16_000, feeCents: 0 }, 1_000)).toBe(1_600);
    expect(protectionCents({ priceCents: 12_345, feeCents: 1_235 }, 999)).toBe(1_357);
  });
});

describe('cpfsNeeded', () => {
  it('asks a CPF per unit only of tickets limited per CPF', () => {
    expect(cpfsNeeded({ ticketByCpf: 2, quantity: 3 })).toBe(3);
    expect(cpfsNeeded({ ticketByCpf: null, quantity: 3 })).toBe(0);
  });
});
