/**
 * The order lifecycle of commerce §4, written once: which order status may follow which, and
 * what each move does to the holds, the coupon uses, the tickets and the money. The API's
 * `modules/checkout/order/order-state.ts` is the only writer of `orders.status`, and it moves an order
 * only from a status this table allows (one conditional UPDATE per move).
 */
import { ORDER_STATUS, type TOrderStatus, type TPaymentStatus } from './payment-status.ts';

const { AGUARDANDO_PAGAMENTO, PAGO, PRE_AUTORIZADO, ESTORNADO, NAO_AUTORIZADO, CANCELADO } = ORDER_STATUS;

export type TOrderTransition = {
  from: TOrderStatus;
  to: TOrderStatus;
  /** What makes the move. */
  when: string;
  holds: 'sold' | 'kept' | 'released' | 'back to the cart' | '—';
  coupons: 'used' | 'kept' | 'given back' | '—';
  tickets: 'issued' | 'voided' | '—';
  money: 'kept' | 'refunded' | 'none taken' | 'held';
  /**
   * Issue 33: a move made only by a caller that names the status it moves from (moveOrder's
   * `from`): a staff refund of a paid order. previousStatuses leaves it out, so no settle, cancel
   * or automatic refund racing a payment can ever take a paid order with its tickets to 6.
   */
  namedOnly?: true;
};

export const ORDER_TRANSITIONS: readonly TOrderTransition[] = [
  {
    from: AGUARDANDO_PAGAMENTO,
    to: PAGO,
    when: 'the charge is approved and the order can be honoured',
    holds: 'sold',
    coupons: 'used',
    tickets: 'issued',
    money: 'kept',
  },
  {
    from: PRE_AUTORIZADO,
    to: PAGO,
    when: 'the authorised charge is captured',
    holds: 'sold',
    coupons: 'used',
    tickets: 'issued',
    money: 'kept',
  },
  {
    from: AGUARDANDO_PAGAMENTO,
    to: PRE_AUTORIZADO,
    when: 'the charge is authorised, not yet captured',
    holds: 'kept',
    coupons: 'kept',
    tickets: '—',
    money: 'held',
  },
  {
    from: AGUARDANDO_PAGAMENTO,
    to: NAO_AUTORIZADO,
    when: 'the gateway refuses the charge',
    holds: 'back to the cart',
    coupons: 'given back',
    tickets: '—',
    money: 'none taken',
  },
  {
    from: PRE_AUTORIZADO,
    to: NAO_AUTORIZADO,
    when: 'the authorisation is refused at capture',
    holds: 'released',
    coupons: 'given back',
    tickets: '—',
    money: 'none taken',
  },
  {
    from: AGUARDANDO_PAGAMENTO,
    to: CANCELADO,
    when: 'a Pix expires or is given up, or the gateway never received the charge',
    holds: 'released',
    coupons: 'given back',
    tickets: '—',
    money: 'none taken',
  },
  {
    from: PRE_AUTORIZADO,
    to: CANCELADO,
    when: 'the authorisation is voided',
    holds: 'released',
    coupons: 'given back',
    tickets: '—',
    money: 'none taken',
  },
  {
    from: AGUARDANDO_PAGAMENTO,
    to: ESTORNADO,
    when: 'approved, but the units are gone or a holder CPF is over its limit',
    holds: 'released',
    coupons: 'given back',
    tickets: '—',
    money: 'refunded',
  },
  {
    from: PRE_AUTORIZADO,
    to: ESTORNADO,
    when: 'captured, but the order can no longer be honoured',
    holds: 'released',
    coupons: 'given back',
    tickets: '—',
    money: 'refunded',
  },
  {
    from: NAO_AUTORIZADO,
    to: ESTORNADO,
    when: 'the gateway approves a charge it had refused',
    holds: '—',
    coupons: '—',
    tickets: '—',
    money: 'refunded',
  },
  {
    from: PAGO,
    to: ESTORNADO,
    when: 'staff refund the whole order (a request, a refund-protection claim, the event cancelled)',
    holds: '—',
    coupons: '—',
    tickets: 'voided',
    money: 'refunded',
    namedOnly: true,
  },
  {
    from: CANCELADO,
    to: ESTORNADO,
    when: 'a charge is approved after its order ended (late answer, late Pix)',
    holds: '—',
    coupons: '—',
    tickets: '—',
    money: 'refunded',
  },
];

/** The statuses an order may be in for it to move to `to` (moves only made by name left out: namedOnly). */
export function previousStatuses(to: TOrderStatus): TOrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.to === to && !t.namedOnly).map((t) => t.from);
}

export function mayMove(from: TOrderStatus, to: TOrderStatus): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/** An order still waiting for its money: the reconciler resolves every one of these. */
export function awaitsPayment(status: number): boolean {
  return status === AGUARDANDO_PAGAMENTO || status === PRE_AUTORIZADO;
}

/*
 * Issue 32: one status vocabulary. Code outside this table names an order status by these
 * predicates (or ORDER_STATUS), never by its number: apps/api/src/structure-status.test.ts
 * rejects `status === <number>` in the web and the API.
 */

/**
 * AGUARDANDO_PAGAMENTO exactly: made, and no answer has yet ended, authorised or paid its charge
 * (a Pix to pay, a card in review or a challenge). Unlike awaitsPayment, not PRE_AUTORIZADO.
 */
export function isAwaitingPayment(status: number | undefined): boolean {
  return status === AGUARDANDO_PAGAMENTO;
}

/** PAGO: the money is kept and the tickets are issued. */
export function isPaid(status: number | undefined): boolean {
  return status === PAGO;
}

/** ESTORNADO: the money came back to the buyer (no tickets). */
export function wasRefunded(status: number | undefined): boolean {
  return status === ESTORNADO;
}

/** NAO_AUTORIZADO: the gateway refused the charge (the payment answers say 402). */
export function wasRefused(status: number | undefined): boolean {
  return status === NAO_AUTORIZADO;
}

/** CANCELADO: the order ended without a charge (a Pix expired, a page given up, no answer). */
export function wasCancelled(status: number | undefined): boolean {
  return status === CANCELADO;
}

/**
 * Payment statuses that are not an outcome yet: the charge may still end either way. `created`
 * is a charge whose answer we do not have (sent, timed out, or cut by a crash).
 */
export function isOpenPaymentStatus(status: TPaymentStatus): boolean {
  return (
    status === 'created' ||
    status === 'pending' ||
    status === 'in_process' ||
    status === 'in_mediation' ||
    status === 'authorized' ||
    status === 'pre_authorized' ||
    status === 'capture_pending'
  );
}

/** The order status a refused or dropped charge ends its order in. */
export function endingStatusOf(status: TPaymentStatus): TOrderStatus | null {
  if (status === 'rejected' || status === 'failed') return NAO_AUTORIZADO;
  if (status === 'cancelled' || status === 'expired' || status === 'voided') return CANCELADO;
  return null;
}
