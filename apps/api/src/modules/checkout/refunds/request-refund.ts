import type { TLocale } from '@ingressos/domain';
import { isPaid } from '@ingressos/domain/order-lifecycle';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { refunds, type TOrderLine } from '../../../db/schema/index.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { unsellUnits } from '../../cart/stock.ts';
import { recordStaffAction } from '../../staff/audit.ts';
import type { TStaff } from '../../staff/roles.ts';
import { lineOf } from '../../tickets/my-tickets.ts';
import { voidTickets } from '../../tickets/void-tickets.ts';
import { moveOrder } from '../order/order-state.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import {
  refundBaseId,
  refundError,
  rowsOfRequest,
  type TRefundKind,
  type TRefundRow,
} from './refund-rows.ts';

export type TRefundRequest = {
  orderId: string;
  /** Some of the order's tickets; absent: the whole order (what is left of it). */
  ticketIds?: string[] | undefined;
  reason: string;
  kind: TRefundKind;
  /** Who asked: null for the system (a cancellation job acting on a staff member's request). */
  staff: Pick<TStaff, 'id' | 'email'> | null;
  /** The request's Idempotency-Key (or the cancellation's): the same key answers the same rows. */
  key?: string | undefined;
  cancellationId?: number | undefined;
  ip?: string | null;
  requestId?: string | null;
  locale: TLocale;
};

type TOrderRow = {
  id: string;
  status: number;
  event_id: number;
  lines: TOrderLine[];
  currency: string;
  refund_service_cents: number;
  starts_at: Date | string;
};
type TPaymentRow = { id: string; gateway: string; gateway_ref: string | null; amount_cents: number };
type TPartRow = { id: string; gateway: string; gateway_ref: string | null; amount_cents: number };

/**
 * Issue 33: decides a refund and writes it, in ONE transaction with everything it changes: the
 * refund row(s) ('due'), the tickets' void mark (void-tickets.ts), the order's move to 6 ESTORNADO
 * when nothing of it is left (through order-state.ts, from PAGO by name), the units back on sale
 * (a refund while the event still sells) and the staff audit line. The money moves afterwards
 * (execute-refund.ts), so a crash between the two leaves a 'due' row the pass over due refunds
 * finishes. The order's row lock makes two requests on one order queue: the second sees the
 * first's void tickets and refuses (or, with the same key, answers the first's rows).
 * Answers the request's rows (existing ones for a repeated key).
 */
export async function requestRefund(s: TCheckoutServices, req: TRefundRequest): Promise<TRefundRow[]> {
  const base = refundBaseId(req.orderId, req.key);
  if (req.key) {
    const earlier = await rowsOfRequest(s.db, base);
    if (earlier.length > 0) return sameRequest(earlier, req);
  }
  try {
    return await withTransaction(s.db, (tx) => writeRefund(s, tx, req, base));
  } catch (error) {
    // Two requests with one key at once: the one that lost the primary key answers the winner's rows.
    if (req.key && uniqueViolation(error)) {
      const earlier = await rowsOfRequest(s.db, base);
      if (earlier.length > 0) return sameRequest(earlier, req);
      throw refundError('refund_in_progress', req.locale);
    }
    if (uniqueViolation(error)) throw refundError('refund_in_progress', req.locale);
    throw error;
  }
}

function uniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}

/** A key used again: the same request answers its rows; another request with it is refused. */
function sameRequest(earlier: TRefundRow[], req: TRefundRequest) {
  const asked = req.ticketIds ? [...new Set(req.ticketIds)].sort() : null;
  const had = [...new Set(earlier.flatMap((row) => row.ticketIds))].sort();
  if (asked && asked.join() !== had.join()) throw refundError('refund_key_reused', req.locale);
  return earlier;
}

async function writeRefund(s: TCheckoutServices, tx: TDb, req: TRefundRequest, base: string) {
  const [order] = await rows<TOrderRow>(
    tx,
    sql`select o.id, o.status, o.event_id, o.lines, o.currency, o.refund_service_cents, e.starts_at
        from orders o join events e on e.id = o.event_id where o.id = ${req.orderId} for update of o`,
  );
  if (!order) throw refundError('refund_order_not_found', req.locale);
  // The same key, committed by a request this one queued behind.
  if (req.key) {
    const earlier = await rowsOfRequest(tx, base);
    if (earlier.length > 0) return sameRequest(earlier, req);
  }
  if (!isPaid(order.status)) throw refundError('refund_not_paid', req.locale);
  if (req.kind === 'protection' && order.refund_service_cents <= 0)
    throw refundError('refund_no_protection', req.locale);
  const [payment] = await rows<TPaymentRow>(
    tx,
    sql`select id, gateway, gateway_ref, amount_cents from payments where order_id = ${order.id}`,
  );
  if (!payment) throw refundError('refund_not_paid', req.locale);

  const tickets = await rows<{ id: string; unit: number; voided_at: Date | string | null }>(
    tx,
    sql`select id, unit, voided_at from tickets where order_id = ${order.id} order by unit`,
  );
  const live = tickets.filter((ticket) => ticket.voided_at === null);
  let chosen = live;
  if (req.ticketIds) {
    const ids = new Set(req.ticketIds);
    if ([...ids].some((id) => !tickets.some((ticket) => ticket.id === id)))
      throw refundError('refund_ticket_unknown', req.locale);
    chosen = live.filter((ticket) => ids.has(ticket.id));
    if (chosen.length !== ids.size) throw refundError('refund_ticket_voided', req.locale);
  }
  // One refund due per charge at a time (refundedBeforeCents is then exact); a failed one is retried first.
  const open = await rows<{ status: string }>(
    tx,
    sql`select status from refunds where payment_id = ${payment.id} and status in ('due', 'failed')`,
  );
  if (open.some((row) => row.status === 'due')) throw refundError('refund_in_progress', req.locale);
  if (open.length > 0) throw refundError('refund_failed_pending', req.locale);
  // Refunding every ticket still valid is the whole order: what is left of the charge goes back.
  const whole = chosen.length === live.length;
  const parts = await rows<TPartRow>(
    tx,
    sql`select id, gateway, gateway_ref, amount_cents from payment_parts
        where order_id = ${order.id} and status = 'approved' order by position`,
  );
  const split = parts.length > 0;
  if (!whole && split) throw refundError('refund_split_partial', req.locale);
  if (!whole && !gatewayOfPayment(s, payment.gateway).capabilities.partialRefund)
    throw refundError('refund_partial_unsupported', req.locale);

  const [given] = await rows<{ cents: number }>(
    tx,
    sql`select coalesce(sum(amount_cents), 0)::int as cents from refunds
        where payment_id = ${payment.id} and status = 'done' and part_id is null`,
  );
  const before = given?.cents ?? 0;
  const left = payment.amount_cents - before;
  const share = chosen.reduce((sum, ticket) => {
    const line = lineOf(order.lines, ticket.unit);
    return sum + (line ? line.unitCents + (line.feeCents ?? 0) : 0);
  }, 0);
  const amount = whole ? left : Math.min(share, left);
  const ticketIds = chosen.map((ticket) => ticket.id);

  const voided = await voidTickets(
    tx,
    order.id,
    ticketIds,
    req.kind === 'event_cancelled' ? 'event_cancelled' : 'refunded',
  );
  if (voided.length !== ticketIds.length) throw refundError('refund_ticket_voided', req.locale);
  // Decision (issue 33): a unit refunded while its event still sells goes back on sale; a
  // cancelled event's units stay sold (its sales are stopped).
  if (req.kind !== 'event_cancelled' && new Date(order.starts_at).getTime() > Date.now())
    for (const ticket of voided) await unsellUnits(tx, ticket, 1);
  if (whole) {
    const moved = await moveOrder(tx, {
      orderId: order.id,
      to: ORDER_STATUS.ESTORNADO,
      from: ORDER_STATUS.PAGO,
      unguarded: s.config.TEST_UNSAFE_ORDER_MOVES,
    });
    if (!moved) throw refundError('refund_not_paid', req.locale);
  }

  const common = {
    orderId: order.id,
    paymentId: payment.id,
    currency: order.currency,
    ticketIds,
    reason: req.reason,
    kind: req.kind,
    requestedBy: req.staff?.id ?? null,
    cancellationId: req.cancellationId ?? null,
  };
  const values: (typeof refunds.$inferInsert)[] = split
    ? // A split order's cards are given back whole, each at its own gateway.
      parts.map((part, n) => ({
        ...common,
        id: `${base}.${n + 1}`,
        partId: part.id,
        gateway: part.gateway,
        gatewayRef: part.gateway_ref,
        amountCents: part.amount_cents,
        refundedBeforeCents: 0,
      }))
    : amount > 0
      ? [
          {
            ...common,
            id: base,
            partId: null,
            gateway: payment.gateway,
            gatewayRef: payment.gateway_ref,
            amountCents: amount,
            refundedBeforeCents: before,
          },
        ]
      : [];
  if (values.length === 0 && !whole) throw refundError('refund_nothing_left', req.locale);
  const written = values.length > 0 ? await tx.insert(refunds).values(values).returning() : [];
  await recordStaffAction(tx, {
    staff: req.staff,
    action:
      req.kind === 'protection'
        ? 'order.protection_claim'
        : req.kind === 'event_cancelled'
          ? 'order.refund_event_cancelled'
          : 'order.refund',
    targetType: 'order',
    targetId: order.id,
    before: { status: order.status, validTickets: live.length },
    after: {
      status: whole ? ORDER_STATUS.ESTORNADO : order.status,
      refundIds: written.map((row) => row.id),
      amountCents: written.reduce((sum, row) => sum + row.amountCents, 0),
      ticketIds,
    },
    reason: req.reason,
    ip: req.ip ?? null,
    requestId: req.requestId ?? null,
  });
  return written;
}
