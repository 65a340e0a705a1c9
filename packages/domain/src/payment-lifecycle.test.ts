import { describe, expect, it } from 'vitest';
import { isOpenPaymentStatus } from './order-lifecycle.ts';
import { mayMovePayment, PAYMENT_TRANSITIONS, previousPaymentStatuses } from './payment-lifecycle.ts';
import { PAYMENT_STATUSES, type TPaymentStatus } from './payment-status.ts';

const OUTCOMES = PAYMENT_STATUSES.filter((status) => !isOpenPaymentStatus(status));

describe('the payment lifecycle', () => {
  it('never takes an approved payment back to an open status (a late in process after the approval)', () => {
    for (const open of ['pending', 'in_process', 'in_mediation', 'capture_pending', 'created'] as const)
      expect(mayMovePayment('approved', open), `approved -> ${open}`).toBe(false);
  });

  it('never reopens any outcome: refused, cancelled, expired, refunded stay so', () => {
    for (const from of OUTCOMES)
      for (const to of PAYMENT_STATUSES.filter(isOpenPaymentStatus))
        expect(mayMovePayment(from, to), `${from} -> ${to}`).toBe(false);
  });

  it('keeps refunded final', () => {
    for (const to of PAYMENT_STATUSES)
      expect(mayMovePayment('refunded', to), `refunded -> ${to}`).toBe(false);
  });

  it('lets an open charge move on while its order waits, and records a refund only of an approved one', () => {
    expect(mayMovePayment('created', 'pending')).toBe(true);
    expect(mayMovePayment('pending', 'in_process')).toBe(true);
    expect(mayMovePayment('in_process', 'in_process')).toBe(true);
    expect(previousPaymentStatuses('refunded').sort()).toEqual(['approved', 'refund_pending']);
    expect(mayMovePayment('pending', 'refunded')).toBe(false);
  });

  it('writes no outcome that the order must decide (approval, refusal, cancellation move with the order)', () => {
    const decidedByOrder: TPaymentStatus[] = [
      'approved',
      'rejected',
      'failed',
      'cancelled',
      'expired',
      'voided',
    ];
    for (const to of decidedByOrder) expect(previousPaymentStatuses(to), to).toEqual([]);
    expect(PAYMENT_TRANSITIONS.every((t) => t.from.length > 0)).toBe(true);
  });
});
