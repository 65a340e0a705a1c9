import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  endingStatusOf,
  isAwaitingPayment,
  isOpenPaymentStatus,
  isPaid,
  mayMove,
  ORDER_TRANSITIONS,
  previousStatuses,
  wasCancelled,
  wasRefunded,
  wasRefused,
} from './order-lifecycle.ts';
import { ORDER_STATUS, PAYMENT_STATUSES } from './payment-status.ts';

const { AGUARDANDO_PAGAMENTO, PAGO, PRE_AUTORIZADO, ESTORNADO, NAO_AUTORIZADO, CANCELADO } = ORDER_STATUS;

describe('the order lifecycle', () => {
  it('issues tickets only on the way into PAGO, from an order still awaiting its money', () => {
    const issuing = ORDER_TRANSITIONS.filter((t) => t.tickets === 'issued');
    expect(issuing.every((t) => t.to === PAGO && awaitsPayment(t.from))).toBe(true);
    expect(previousStatuses(PAGO).sort()).toEqual([AGUARDANDO_PAGAMENTO, PRE_AUTORIZADO]);
  });

  it('never leaves ESTORNADO, and leaves PAGO only for ESTORNADO by name (a staff refund)', () => {
    for (const to of Object.values(ORDER_STATUS)) {
      expect(mayMove(PAGO, to), `3 -> ${to}`).toBe(to === ESTORNADO);
      expect(mayMove(ESTORNADO, to), `6 -> ${to}`).toBe(false);
    }
    // Issue 33: no settle, cancel or automatic refund may take a paid order to 6; only a caller
    // naming PAGO as where it moves from (order-state.ts moveOrder's `from`) does.
    expect(previousStatuses(ESTORNADO)).not.toContain(PAGO);
    const named = ORDER_TRANSITIONS.filter((t) => t.namedOnly);
    expect(named.map((t) => [t.from, t.to])).toEqual([[PAGO, ESTORNADO]]);
    expect(named[0]?.tickets).toBe('voided');
  });

  it('refunds a charge approved after its order was refused or cancelled', () => {
    expect(mayMove(CANCELADO, ESTORNADO)).toBe(true);
    expect(mayMove(NAO_AUTORIZADO, ESTORNADO)).toBe(true);
    expect(mayMove(CANCELADO, PAGO)).toBe(false);
    expect(ORDER_TRANSITIONS.filter((t) => t.to === ESTORNADO).every((t) => t.money === 'refunded')).toBe(
      true,
    );
  });

  it('cancels or refuses only an order that is still waiting', () => {
    expect(previousStatuses(CANCELADO).every(awaitsPayment)).toBe(true);
    expect(previousStatuses(NAO_AUTORIZADO).every(awaitsPayment)).toBe(true);
  });

  it('calls created, pending and in_process open; approved, rejected and the rest outcomes', () => {
    expect(PAYMENT_STATUSES.filter(isOpenPaymentStatus)).toEqual([
      'pending',
      'authorized',
      'in_process',
      'in_mediation',
      'pre_authorized',
      'capture_pending',
      'created',
    ]);
  });

  it('ends a refused charge NAO_AUTORIZADO and a dropped one CANCELADO', () => {
    expect(endingStatusOf('rejected')).toBe(NAO_AUTORIZADO);
    expect(endingStatusOf('failed')).toBe(NAO_AUTORIZADO);
    expect(endingStatusOf('expired')).toBe(CANCELADO);
    expect(endingStatusOf('cancelled')).toBe(CANCELADO);
    expect(endingStatusOf('approved')).toBeNull();
    expect(endingStatusOf('in_process')).toBeNull();
  });
});

describe('the order status predicates (issue 32: one status vocabulary)', () => {
  const cases = [
    [isAwaitingPayment, AGUARDANDO_PAGAMENTO],
    [isPaid, PAGO],
    [wasRefunded, ESTORNADO],
    [wasRefused, NAO_AUTORIZADO],
    [wasCancelled, CANCELADO],
  ] as const;

  it('each names exactly one status of the lifecycle', () => {
    for (const [predicate, status] of cases)
      for (const other of Object.values(ORDER_STATUS))
        expect(predicate(other), `${predicate.name}(${other})`).toBe(other === status);
  });

  it('keeps awaitsPayment wider than isAwaitingPayment: an authorised order still awaits its money', () => {
    expect(awaitsPayment(PRE_AUTORIZADO)).toBe(true);
    expect(isAwaitingPayment(PRE_AUTORIZADO)).toBe(false);
    expect(Object.values(ORDER_STATUS).filter(isAwaitingPayment)).toEqual([AGUARDANDO_PAGAMENTO]);
  });
});
