import type { TPaymentAnswer } from '@ingressos/contracts';
import { describe, expect, it } from 'vitest';
import { refusedOrder } from './payment-answer.ts';

const order = {
  orderId: 'o-1',
  transactionStatus: 'error',
  message: 'Recusado',
} as unknown as TPaymentAnswer;

describe('refusedOrder', () => {
  it('takes a refused charge (402), which still answers the order', () => {
    const answer = {
      ok: false,
      status: 402,
      kind: 'http',
      message: 'Recusado',
      error: { code: 'payment_declined', Message: 'Recusado' },
      body: order as unknown as Record<string, unknown>,
      headers: new Headers(),
    } as const;
    expect(refusedOrder(answer)).toBe(order);
  });

  it('gives null when the call got no order', () => {
    const changed = {
      ok: false,
      status: 409,
      kind: 'http',
      message: 'O valor mudou',
      error: { code: 'amount_changed', Message: 'O valor mudou' },
      body: { code: 'amount_changed' },
      headers: new Headers(),
    } as const;
    const offline = {
      ok: false,
      status: 0,
      kind: 'network',
      message: '',
      error: null,
      body: null,
      headers: null,
    } as const;
    expect(refusedOrder(changed)).toBeNull();
    expect(refusedOrder(offline)).toBeNull();
  });
});
