import { describe, expect, it } from 'vitest';
import { brandName, orderState } from './order-state.ts';

const answer = (
  orderStatus: number,
  status: string,
  transactionStatus: 'success' | 'error' | 'processing' | 'pending' | 'to_start',
  pix = false,
) => ({
  orderStatus,
  status,
  transactionStatus,
  pix: pix ? { qrCode: 'x', qrCodeImage: 'x', expiresAt: 'x' } : null,
});

describe('the state the confirmation page shows', () => {
  it('maps each order and payment status', () => {
    expect(orderState(answer(3, 'approved', 'success'))).toBe('approved');
    expect(orderState(answer(1, 'in_process', 'processing'))).toBe('review');
    expect(orderState(answer(1, 'created', 'to_start'))).toBe('processing');
    expect(orderState(answer(1, 'pending', 'pending', true))).toBe('pix');
    expect(orderState(answer(7, 'rejected', 'error'))).toBe('declined');
    expect(orderState(answer(8, 'cancelled', 'error'))).toBe('cancelled');
    expect(orderState(answer(6, 'refunded', 'error'))).toBe('refunded');
  });
  it('names card brands as people write them', () => {
    expect(brandName('master')).toBe('Mastercard');
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('cabal')).toBe('Cabal');
  });
});
