import { mayMove, previousStatuses } from '@ingressos/domain/order-lifecycle';
import { previousPaymentStatuses } from '@ingressos/domain/payment-lifecycle';
import { ORDER_STATUS, type TOrderStatus, type TPaymentStatus } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { and, eq, type Placeholder, type SQL, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { paymentParts } from '../../../db/schema/index.ts';

/**
 * The only writer of `orders.status`, `payments.status` and a split card's `payment_parts.status`. Every move is one conditional UPDATE
 * from a status the lifecycle table (packages/domain/src/order-lifecycle.ts) allows, so of two
 * processes racing to settle, cancel or refund one order exactly one moves it; the other learns
 * it lost (false) and does nothing. Callers pass their transaction when the move must commit
 * together with what it does (tickets issued, holds released).
 */

export type TPaymentOutcome = {
  status: TPaymentStatus;
  detail: string;
  /** Issue 33: a settled Pix's end-to-end id, kept on the payment (support searches by it). */
  pixEndToEndId?: string | undefined;
};

/** The guard of every move: the row is in one of the statuses the lifecycle allows before it. */
const fromAny = (statuses: readonly (TOrderStatus | TPaymentStatus)[]) =>
  sql`status in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

type TOrderMove = {
  orderId: string;
  to: TOrderStatus;
  paymentId?: string;
  payment?: TPaymentOutcome;
  /** TEST ONLY (TEST_UNSAFE_ORDER_MOVES): no allowed-previous-status guard, to show what it prevents. */
  unguarded?: boolean;
  /**
   * Issue 33: the one status the order must be in, for a move the lifecycle makes only by name
   * (namedOnly: a staff refund of a paid order, PAGO → ESTORNADO). It must be a move the table allows.
   */
  from?: TOrderStatus;
};

/**
 * Moves the order to `to` if its status allows it, and records the payment's status with it.
 * Answers whether this call moved it.
 */
export async function moveOrder(db: TDb, move: TOrderMove): Promise<boolean> {
  return (await rows<{ id: string }>(db, moveOrderSql(move))).length > 0;
}

/**
 * moveOrder's statement, for a caller that sends it with others (the issue step): it answers a row
 * (the order's id) only when it moved the order.
 */
export function moveOrderSql(move: TOrderMove): SQL {
  if (move.from !== undefined && !mayMove(move.from, move.to))
    throw new Error(`the order lifecycle has no move ${move.from} -> ${move.to}`);
  const guard = move.unguarded
    ? sql`true`
    : fromAny(move.from !== undefined ? [move.from] : previousStatuses(move.to));
  const paid = move.paymentId && move.payment ? move.payment : null;
  // The move decides: the payment reads what the order became, whatever it said before. One
  // statement (issue 37): the payment's update runs only when the order's moved.
  return sql`with moved as (
          update orders set status = ${move.to}, updated_at = now(),
            paid_at = case when ${move.to}::smallint = ${ORDER_STATUS.PAGO} then now() else paid_at end
          where id = ${move.orderId} and ${guard}
          returning id
        )${
          paid
            ? sql`, paid as (
          update payments set status = ${paid.status}, status_detail = ${paid.detail}, updated_at = now(),
            pix_end_to_end_id = coalesce(pix_end_to_end_id, ${paid.pixEndToEndId ?? null})
          where id = ${move.paymentId} and exists (select 1 from moved)
        )`
            : sql``
        }
        select id from moved`;
}

/**
 * Records what the gateway says of a charge while its order is still waiting (pending, in
 * review, a hosted page awaited), or that a refund went through. Issue 31: only from a status
 * the payment lifecycle allows (packages/domain/src/payment-lifecycle.ts), one conditional
 * UPDATE, so a late notice never takes a payment backwards (an 'in process' arriving after the
 * approval leaves it approved) and refunded stays final. Answers whether this call changed it.
 */
export async function setPaymentStatus(
  db: TDb,
  paymentId: string,
  outcome: TPaymentOutcome,
  /** TEST ONLY (TEST_UNSAFE_ORDER_MOVES): no allowed-previous-status guard. */
  unguarded = false,
): Promise<boolean> {
  const from = previousPaymentStatuses(outcome.status);
  if (from.length === 0 && !unguarded) return false;
  const changed = await rows<{ id: string }>(
    db,
    sql`update payments set status = ${outcome.status}, status_detail = ${outcome.detail}, updated_at = now()
        where id = ${paymentId} and ${unguarded ? sql`true` : fromAny(from)}
          and (status <> ${outcome.status} or status_detail is distinct from ${outcome.detail})
        returning id`,
  );
  return changed.length > 0;
}

/** A value, or a prepared query's placeholder for it (settle-payment.ts prepares its read once). */
type TOrPlaceholder<T> = T | Placeholder;
type TChargeRecord = {
  ref: TOrPlaceholder<string>;
  brand?: TOrPlaceholder<string> | undefined;
  last4?: TOrPlaceholder<string> | undefined;
};

/**
 * The UPDATE that records the gateway's id of a charge (and a card's brand and last four), never
 * overwriting one already known and writing only where it adds something: for a statement of its
 * own (recordCharge) or one that does more (a Pix's code, the settle step's read: issue 37).
 */
export function recordChargeSql(paymentId: TOrPlaceholder<string>, charge: TChargeRecord) {
  const brand = charge.brand ?? null;
  const last4 = charge.last4 ?? null;
  return sql`update payments set gateway_ref = coalesce(gateway_ref, ${charge.ref}),
        card_brand = coalesce(card_brand, ${brand}), card_last4 = coalesce(card_last4, ${last4}),
        updated_at = now()
      where id = ${paymentId} and (gateway_ref is null
        or (card_brand is null and ${brand}::text is not null)
        or (card_last4 is null and ${last4}::text is not null))
      returning id`;
}

/** The gateway's id of a charge, learnt from its answer, a lookup by our reference or a webhook. */
export async function recordCharge(db: TDb, paymentId: string, charge: TChargeRecord) {
  await db.execute(recordChargeSql(paymentId, charge));
}

/** The statuses of a split card's part from which the gateway's word may still move it. */
const LIVE_PART = ['created', 'pending', 'in_process'] as const;

/**
 * A split card's part (multi-payment.ts) claimed for a new attempt: it reads `claim` (status
 * 'created', its amount, plan and idempotency key) only from 'awaiting', so of two retries one
 * claims it. Answers whether this call did.
 */
export async function claimPart(
  db: TDb,
  partId: string,
  claim: Partial<typeof paymentParts.$inferInsert>,
): Promise<boolean> {
  const [claimed] = await db
    .update(paymentParts)
    .set(claim)
    .where(and(eq(paymentParts.id, partId), eq(paymentParts.status, 'awaiting')))
    .returning({ id: paymentParts.id });
  return claimed !== undefined;
}

/** What the gateway says of one part, recorded only while the part is live (created, pending, in review). */
export async function setPartStatus(db: TDb, partId: string, outcome: TPaymentOutcome): Promise<void> {
  await db.execute(
    sql`update payment_parts set status = ${outcome.status}, status_detail = ${outcome.detail}, updated_at = now()
        where id = ${partId} and ${fromAny(LIVE_PART)}
          and (status <> ${outcome.status} or status_detail is distinct from ${outcome.detail})`,
  );
}

/** An approved part given back at the gateway reads refunded (refund-parts.ts); false when it was not approved. */
export async function markPartRefunded(db: TDb, partId: string): Promise<boolean> {
  const [done] = await db
    .update(paymentParts)
    .set({ status: 'refunded', statusDetail: 'multiple_refunded', updatedAt: new Date() })
    .where(and(eq(paymentParts.id, partId), eq(paymentParts.status, 'approved')))
    .returning({ id: paymentParts.id });
  return done !== undefined;
}
