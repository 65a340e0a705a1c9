import type { TAppPaymentResult, TAppRestart } from './app-bridge.ts';

/**
 * The mobile app bridge's messages built at run time, without zod (the page /checkout_status ships
 * this file; its schemas are in app-bridge.ts, documented in docs/payments.md "Mobile app bridge").
 */

/** Tells the native app's listener apart from anything else posted to it. */
export const APP_BRIDGE_SOURCE = 'bilheto-checkout';
export const APP_BRIDGE_VERSION = 1;

/** The API error codes after which a checkout session cannot be paid: the page answers RESTART. */
export const RESTART_REASON_OF_CODE: Readonly<Record<string, TAppRestart['reason']>> = {
  checkout_session_invalid: 'session_invalid',
  checkout_session_expired: 'session_expired',
  cart_empty: 'order_unpayable',
  cart_not_found: 'order_unpayable',
  cart_expired: 'order_unpayable',
  payment_in_progress: 'order_unpayable',
  gateway_unavailable: 'order_unpayable',
  incomplete_tables: 'order_unpayable',
  email_unverified: 'order_unpayable',
  profile_incomplete: 'order_unpayable',
};

/** The message for a payment answer (the page and tests build it the same way). */
export function paymentResultMessage(answer: {
  orderId: string;
  paymentId: string;
  status: string;
  statusDetail: string | null;
  transactionStatus: TAppPaymentResult['transactionStatus'];
  orderStatus: number;
  total: number;
  currency: string;
  installments: number;
  message: string;
}): TAppPaymentResult {
  const result =
    answer.transactionStatus === 'success'
      ? 'approved'
      : answer.transactionStatus === 'error'
        ? 'declined'
        : 'pending';
  return {
    source: APP_BRIDGE_SOURCE,
    version: APP_BRIDGE_VERSION,
    type: 'PAYMENT_RESULT',
    result,
    orderId: answer.orderId,
    paymentId: answer.paymentId,
    status: answer.status,
    statusDetail: answer.statusDetail,
    transactionStatus: answer.transactionStatus,
    orderStatus: answer.orderStatus,
    total: answer.total,
    currency: answer.currency,
    installments: answer.installments,
    message: answer.message,
  };
}

export function restartMessage(reason: TAppRestart['reason'], message: string): TAppRestart {
  return { source: APP_BRIDGE_SOURCE, version: APP_BRIDGE_VERSION, type: 'RESTART', reason, message };
}
