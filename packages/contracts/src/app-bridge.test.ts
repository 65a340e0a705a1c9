import { describe, expect, it } from 'vitest';
import {
  paymentResultMessage,
  RESTART_REASON_OF_CODE,
  restartMessage,
  ZAppBridgeMessage,
} from './app-bridge.ts';

const answer = (transactionStatus: 'success' | 'error' | 'processing' | 'pending', orderStatus: number) => ({
  orderId: 'o-1',
  paymentId: 'p-1',
  status:
    transactionStatus === 'success' ? 'approved' : transactionStatus === 'error' ? 'rejected' : 'in_process',
  statusDetail: null,
  transactionStatus,
  orderStatus,
  total: 110,
  currency: 'BRL',
  installments: 2,
  message: '',
});

describe('the mobile app bridge messages', () => {
  it('tells approved, declined and pending from the payment answer, in the documented shape', () => {
    const results = [
      paymentResultMessage(answer('success', 3)),
      paymentResultMessage(answer('error', 7)),
      paymentResultMessage(answer('processing', 1)),
      paymentResultMessage(answer('pending', 1)),
    ];
    expect(results.map((m) => m.result)).toEqual(['approved', 'declined', 'pending', 'pending']);
    for (const message of results) {
      // What the native side receives: one JSON string that parses back to the same message.
      expect(ZAppBridgeMessage.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
      expect(message).toMatchObject({ source: 'bilheto-checkout', version: 1, type: 'PAYMENT_RESULT' });
    }
  });

  it('builds RESTART messages and refuses anything else', () => {
    const restart = restartMessage('session_expired', 'expirou');
    expect(ZAppBridgeMessage.parse(restart)).toEqual({
      source: 'bilheto-checkout',
      version: 1,
      type: 'RESTART',
      reason: 'session_expired',
      message: 'expirou',
    });
    expect(ZAppBridgeMessage.safeParse({ ...restart, reason: 'whatever' }).success).toBe(false);
    expect(ZAppBridgeMessage.safeParse({ ...restart, source: 'someone-else' }).success).toBe(false);
    expect(ZAppBridgeMessage.safeParse({ type: 'PAYMENT_RESULT', result: 'approved' }).success).toBe(false);
  });

  it('maps the API errors after which a session cannot be paid to a RESTART reason', () => {
    expect(RESTART_REASON_OF_CODE.checkout_session_invalid).toBe('session_invalid');
    expect(RESTART_REASON_OF_CODE.checkout_session_expired).toBe('session_expired');
    expect(RESTART_REASON_OF_CODE.cart_empty).toBe('order_unpayable');
    // A refused card or a bad installment choice is not a restart: the buyer tries again on the page.
    expect(RESTART_REASON_OF_CODE.installments_invalid).toBeUndefined();
    expect(RESTART_REASON_OF_CODE.amount_changed).toBeUndefined();
  });
});
