import { describe, expect, it } from 'vitest';
import { isPaymentStatus, issuesTickets, PAYMENT_STATUSES, transactionStatusOf } from './payment-status.ts';

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

describe('issuesTickets and isPaymentStatus', () => {
  it('issues tickets only on approval and recognises only known statuses', () => {
    expect(PAYMENT_STATUSES.filter(issuesTickets)).toEqual(['approved']);
    expect(isPaymentStatus('approved')).toBe(true);
    expect(isPaymentStatus('paid')).toBe(false);
  });
});
