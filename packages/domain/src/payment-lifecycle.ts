/**
 * The payment's side of the order lifecycle (order-lifecycle.ts), issue 31: which status a
 * payment row may read next when its order does not move with it (a charge still open, a refund
 * being recorded). The API's `modules/checkout/order/order-state.ts` writes `payments.status` only from
 * a status this table allows, one conditional UPDATE per move, so a late notice never takes a
 * payment backwards: an 'in process' arriving after the approval leaves it approved.
 * (A payment that changes together with its order, approved or ended, moves with the order's own
 * guarded move: moveOrder.)
 */
import { isOpenPaymentStatus } from './order-lifecycle.ts';
import { PAYMENT_STATUSES, type TPaymentStatus } from './payment-status.ts';

export type TPaymentTransition = {
  from: readonly TPaymentStatus[];
  to: TPaymentStatus;
  /** What makes the move. */
  when: string;
};

/** Not an outcome yet: the charge may still end either way (order-lifecycle.ts isOpenPaymentStatus). */
const OPEN = PAYMENT_STATUSES.filter(isOpenPaymentStatus);
/** Open statuses a gateway reports while the order keeps waiting (authorised ones move the order). */
const WAITING: readonly TPaymentStatus[] = [
  'pending',
  'in_process',
  'in_mediation',
  'capture_pending',
  'verified',
];

export const PAYMENT_TRANSITIONS: readonly TPaymentTransition[] = [
  ...WAITING.map((to) => ({
    from: OPEN,
    to,
    when: 'the gateway reports a charge still open (a Pix to pay, a review, a challenge, a hosted page waiting)',
  })),
  {
    from: ['approved'],
    to: 'refund_pending',
    when: 'the gateway took a refund it has not finished',
  },
  {
    from: ['approved', 'refund_pending'],
    to: 'refunded',
    when: 'the gateway confirmed a refund that was due (refund_due) on an ended order',
  },
];

/** The payment statuses from which a payment may move to `to` (a detail change of an open one included). */
export function previousPaymentStatuses(to: TPaymentStatus): TPaymentStatus[] {
  return [...new Set(PAYMENT_TRANSITIONS.filter((t) => t.to === to).flatMap((t) => t.from))];
}

export function mayMovePayment(from: TPaymentStatus, to: TPaymentStatus): boolean {
  return previousPaymentStatuses(to).includes(from);
}
