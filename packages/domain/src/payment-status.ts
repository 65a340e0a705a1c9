/**
 * Payment states of commerce §4: the gateway's payment status values, the transaction status
 * the pages show and the order statuses (their moves: order-lifecycle.ts).
 */

export const PAYMENT_STATUSES = [
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
  'pre_authorized',
  'failed',
  'voided',
  'refund_pending',
  'capture_pending',
  'created',
  'verified',
  'expired',
] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is TPaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export const TRANSACTION_STATUSES = ['success', 'error', 'processing', 'pending', 'to_start'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Spec §4: gateway pending maps to pending, approved to success, everything else to error; except
 * a charge still under way (unanswered, in review, authorised), which is §4's 'processing': the
 * order still waits for it, so telling the buyer 'error' would be false (docs/decisions.md).
 */
export function transactionStatusOf(status: TPaymentStatus): TTransactionStatus {
  if (status === 'pending') return 'pending';
  if (status === 'approved') return 'success';
  if (
    status === 'created' ||
    status === 'in_process' ||
    status === 'in_mediation' ||
    status === 'authorized' ||
    status === 'pre_authorized' ||
    status === 'capture_pending'
  )
    return 'processing';
  return 'error';
}

/** Spec §4 order status: 1 AGUARDANDO_PAGAMENTO, 3 PAGO, 4 PRE_AUTORIZADO, 6 ESTORNADO, 7 NAO_AUTORIZADO, 8 CANCELADO. */
export const ORDER_STATUS = {
  AGUARDANDO_PAGAMENTO: 1,
  PAGO: 3,
  PRE_AUTORIZADO: 4,
  ESTORNADO: 6,
  NAO_AUTORIZADO: 7,
  CANCELADO: 8,
} as const;
export type TOrderStatusName = keyof typeof ORDER_STATUS;
export type TOrderStatus = (typeof ORDER_STATUS)[TOrderStatusName];

/** Tickets exist only for paid orders: approval issues them, and nothing else does. */
export function issuesTickets(status: TPaymentStatus): boolean {
  return status === 'approved';
}
