import { describe, expect, it } from 'vitest';
import {
  clearsCart,
  isPaymentStatus,
  issuesTickets,
  ORDER_STATUS,
  orderStatusOf,
  PAYMENT_STATUSES,
  transactionStatusOf,
} from './payment-status.ts';

describe('transactionStatusOf', () => {
  it('maps pending to pending, approved to success, a charge under way to processing, the rest to error', () => {
    expect(transactionStatusOf('pending')).toBe('pending');
    expect(transactionStatusOf('approved')).toBe('success');
    const processing = [
      'created',
      'in_process',
      'in_mediation',
      'authorized',
      'pre_authorized',
      'capture_pending',
    ];
    for (const status of processing) expect(transactionStatusOf(status as never), status).toBe('processing');
    for (const status of PAYMENT_STATUSES.filter(
      (s) => s !== 'pending' && s !== 'approved' && !processing.includes(s),
    )) {
      expect(transactionStatusOf(status), status).toBe('error');
    }
  });
});

describe('clearsCart', () => {
  it('clears on approved, authorized, in process and pending only', () => {
    expect(PAYMENT_STATUSES.filter(clearsCart)).toEqual(['pending', 'approved', 'authorized', 'in_process']);
    expect(clearsCart('rejected')).toBe(false);
  });
});

describe('orderStatusOf', () => {
  it.each([
    ['approved', ORDER_STATUS.PAGO],
    ['pending', ORDER_STATUS.AGUARDANDO_PAGAMENTO],
    ['in_process', ORDER_STATUS.AGUARDANDO_PAGAMENTO],
    ['authorized', ORDER_STATUS.PRE_AUTORIZADO],
    ['refunded', ORDER_STATUS.ESTORNADO],
    ['rejected', ORDER_STATUS.NAO_AUTORIZADO],
    ['cancelled', ORDER_STATUS.CANCELADO],
    ['expired', ORDER_STATUS.CANCELADO],
  ] as const)('%s -> %i', (status, order) => {
    expect(orderStatusOf(status)).toBe(order);
  });

  it('uses only the spec order statuses 1, 3, 4, 6, 7 and 8', () => {
    expect(new Set(PAYMENT_STATUSES.map(orderStatusOf))).toEqual(new Set([1, 3, 4, 6, 7, 8]));
  });
});

describe('issuesTickets and isPaymentStatus', () => {
  it('issues tickets only on approval and recognises only known statuses', () => {
    expect(PAYMENT_STATUSES.filter(issuesTickets)).toEqual(['approved']);
    expect(isPaymentStatus('approved')).toBe(true);
    expect(isPaymentStatus('paid')).toBe(false);
  });
});
