import type { TLocale } from '@ingressos/domain';
import { chargeAmountMismatch } from '@ingressos/domain/charge-amount';
import { awaitsPayment, endingStatusOf } from '@ingressos/domain/order-lifecycle';
import { issuesTickets, ORDER_STATUS, type TPaymentStatus } from '@ingressos/domain/payment-status';
import { eq, sql } from '../../../db/orm.ts';
import { preparedPerDb } from '../../../db/prepared.ts';
import { orders, payments } from '../../../db/schema/index.ts';
import type { TCheckoutServices } from '../services.ts';
import { crashPoint } from './crash-point.ts';
import { endOrder } from './end-order.ts';
import { issueTickets, OverCpfLimit, SoldOut } from './issue-tickets.ts';
import { moveOrder, recordChargeSql, setPaymentStatus } from './order-state.ts';
import { refundOrder } from './refund-order.ts';
import { refundStrayCharge, refuseMismatchedCharge } from './refuse-charge.ts';

export type TSettleOutcome = { status: TPaymentStatus; soldOut: boolean; issued: number };

/**
 * A charge's state as learnt from the gateway (an answer, a lookup, a webhook) or the free path.
 * An approved one must say what it is for (issue 31): cents and currency, compared with the order's.
 */
export type TChargeState = {
  ref?: string | undefined;
  status: TPaymentStatus;
  statusDetail: string;
  amountCents?: number | null | undefined;
  currency?: string | null | undefined;
  /** Issue 33: a Pix's end-to-end id, when the gateway told it (kept on the payment as it settles). */
  pixEndToEndId?: string | undefined;
  /** A card's brand and last four digits, when the gateway's answer gave them (kept for the receipt). */
  brand?: string | undefined;
  last4?: string | undefined;
};

/** The payment and its order (built once: issue 37, the select of both tables' columns cost ~0.3 ms to build). */
const paymentAndOrder = preparedPerDb((db) =>
  db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .prepare('settle_payment_read'),
);

/** The same read, with the charge's gateway id (and a card's brand and last four) recorded by it. */
const recordedAndRead = preparedPerDb((db) =>
  db
    .with(
      db.$with('recorded', { id: sql<string>`id` }).as(
        recordChargeSql(sql.placeholder('paymentId'), {
          ref: sql.placeholder('ref'),
          brand: sql.placeholder('brand'),
          last4: sql.placeholder('last4'),
        }),
      ),
    )
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .prepare('settle_payment_record_and_read'),
);

/**
 * Applies what the gateway says of a charge to its order, through the lifecycle's moves only:
 * - approved: first compared with what the order charges (issue 31: the same cents, the same
 *   currency; chargeAmountMismatch): a mismatch never pays, its money goes back (refuse-charge.ts);
 *   then the issue step (tickets) when the order still waits; a refund when it cannot be honoured
 *   (units gone, a CPF over its limit) or when the order had already ended; another approved
 *   charge with our reference on an order already refunded is refunded too;
 * - refused, cancelled, expired: the order ends (7 or 8); `reattachTo` hands the cart back to the
 *   buyer who is on the page, otherwise its units go back on sale;
 * - refunded at the gateway while the order waits: the order ends refunded;
 * - still open (pending, in review): recorded, the order keeps waiting.
 * Idempotent and safe in every process at once: each move is a conditional UPDATE.
 */
export async function settlePayment(
  s: TCheckoutServices,
  paymentId: string,
  charge: TChargeState,
  locale: TLocale,
  options: { reattachTo?: string | undefined } = {},
): Promise<TSettleOutcome> {
  // The gateway's id of the charge (and a card's brand and last four) is recorded by the statement
  // that reads the payment and its order (issue 37: one statement, not two), only where it adds
  // something; the read sees the row as before, so the payment below is given the id it now has.
  const [row] = charge.ref
    ? await recordedAndRead(s.db).execute({
        paymentId,
        ref: charge.ref,
        brand: charge.brand ?? null,
        last4: charge.last4 ?? null,
      })
    : await paymentAndOrder(s.db).execute({ paymentId });
  if (!row) throw new Error('payment not found');
  const order = row.order;
  const payment = { ...row.payment, gatewayRef: row.payment.gatewayRef ?? charge.ref ?? null };
  if (issuesTickets(charge.status)) {
    // The one comparison every path goes through: the answer, a webhook, the reconciler, a hosted
    // page's return, the wallet, a split's whole (multi-payment.ts compares each card first).
    const mismatch = s.config.TEST_UNSAFE_NO_AMOUNT_CHECK
      ? null
      : chargeAmountMismatch({ amountCents: payment.amountCents, currency: payment.currency }, charge);
    if (mismatch) {
      const done = await refuseMismatchedCharge(s, order, payment, charge, mismatch);
      return {
        status: done === 'refunded' ? 'refunded' : (payment.status as TPaymentStatus),
        soldOut: false,
        issued: 0,
      };
    }
  }
  const gatewayRef = payment.gatewayRef;
  const outcome = { status: charge.status, detail: charge.statusDetail, pixEndToEndId: charge.pixEndToEndId };
  const none = { status: charge.status, soldOut: false, issued: 0 };

  if (issuesTickets(charge.status)) {
    if (awaitsPayment(order.status)) {
      try {
        const issued = await issueTickets(s, order, payment.id, outcome, locale);
        if (issued > 0) {
          crashPoint(s.config.TEST_CRASH_AT, 'after_issue');
          s.outbox.nudge();
        }
        if (issued >= 0) return { status: charge.status, soldOut: false, issued };
      } catch (error) {
        if (!(error instanceof SoldOut || error instanceof OverCpfLimit)) throw error;
        const reason =
          error instanceof OverCpfLimit
            ? 'cpf_limit'
            : error.what === 'coupon'
              ? 'coupon_sold_out'
              : 'lot_sold_out';
        await refundOrder(s, order, { id: payment.id, gateway: payment.gateway, gatewayRef }, reason);
        return { status: 'refunded', soldOut: true, issued: 0 };
      }
    }
    // Approved after the order ended without it: the money goes back.
    const [now] = await s.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    // Issued meanwhile by another process (its reconciler or a webhook was first): this process's
    // issue step ends here, so the fault suite's kill at that step does not depend on who won.
    if (now?.status === ORDER_STATUS.PAGO) {
      crashPoint(s.config.TEST_CRASH_AT, 'during_issue');
      crashPoint(s.config.TEST_CRASH_AT, 'after_issue');
    }
    if (now?.status === ORDER_STATUS.CANCELADO || now?.status === ORDER_STATUS.NAO_AUTORIZADO) {
      const reason = now.status === ORDER_STATUS.CANCELADO ? 'paid_after_cancel' : 'paid_after_refusal';
      await refundOrder(s, order, { id: payment.id, gateway: payment.gateway, gatewayRef }, reason);
      return { status: 'refunded', soldOut: false, issued: 0 };
    }
    // Refunded already, and this is another charge with our reference (paid again on a hosted
    // page after the order ended): its money goes back too.
    if (now?.status === ORDER_STATUS.ESTORNADO && charge.ref && gatewayRef && charge.ref !== gatewayRef) {
      s.log.warn('a second approved charge for a refunded order is refunded', {
        orderId: order.id,
        paymentId: payment.id,
        chargeRef: charge.ref,
      });
      await refundStrayCharge(s, payment.gateway, charge.ref);
      return { status: 'refunded', soldOut: false, issued: 0 };
    }
    return none;
  }

  if (!awaitsPayment(order.status)) return none;
  const ending = endingStatusOf(charge.status);
  if (ending) {
    await endOrder(s, {
      order,
      to: ending,
      paymentId: payment.id,
      payment: outcome,
      reattachTo: options.reattachTo,
    });
    return none;
  }
  if (charge.status === 'refunded' || charge.status === 'charged_back') {
    await endOrder(s, { order, to: ORDER_STATUS.ESTORNADO, paymentId: payment.id, payment: outcome });
    return none;
  }
  if (charge.status === 'authorized' || charge.status === 'pre_authorized')
    await moveOrder(s.db, {
      orderId: order.id,
      to: ORDER_STATUS.PRE_AUTORIZADO,
      paymentId: payment.id,
      payment: outcome,
      unguarded: s.config.TEST_UNSAFE_ORDER_MOVES,
    });
  else await setPaymentStatus(s.db, payment.id, outcome, s.config.TEST_UNSAFE_ORDER_MOVES);
  return none;
}
