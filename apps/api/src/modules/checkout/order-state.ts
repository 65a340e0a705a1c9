import { previousStatuses } from '@ingressos/domain/order-lifecycle';
import { ORDER_STATUS, type TOrderStatus, type TPaymentStatus } from '@ingressos/domain/payment-status';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';

/**
 * The only writer of `orders.status` and `payments.status`. Every move is one conditional UPDATE
 * from a status the lifecycle table (packages/domain/src/order-lifecycle.ts) allows, so of two
 * processes racing to settle, cancel or refund one order exactly one moves it; the other learns
 * it lost (false) and does nothing. Callers pass their transaction when the move must commit
 * together with what it does (tickets issued, holds released).
 */

type TRows<T> = { rows: T[] };
const rows = async <T>(db: TDb, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as TRows<T>).rows;

export type TPaymentOutcome = { status: TPaymentStatus; detail: string };

/**
 * Moves the order to `to` if its status allows it, and records the payment's status with it.
 * Answers whether this call moved it.
 */
export async function moveOrder(
  db: TDb,
  move: { orderId: string; to: TOrderStatus; paymentId?: string; payment?: TPaymentOutcome },
): Promise<boolean> {
  const from = previousStatuses(move.to);
  const moved = await rows<{ id: string }>(
    db,
    sql`update orders set status = ${move.to}, updated_at = now(),
          paid_at = case when ${move.to}::smallint = ${ORDER_STATUS.PAGO} then now() else paid_at end
        where id = ${move.orderId} and status in (${sql.join(
          from.map((status) => sql`${status}`),
          sql`, `,
        )})
        returning id`,
  );
  if (moved.length === 0) return false;
  if (move.paymentId && move.payment) {
    // The move decides: the payment reads what the order became, whatever it said before.
    await db.execute(
      sql`update payments set status = ${move.payment.status}, status_detail = ${move.payment.detail}, updated_at = now()
          where id = ${move.paymentId}`,
    );
  }
  return true;
}

/**
 * Records what the gateway says of a charge while its order is still waiting (pending, in
 * review), or marks a refund as due. Refunded is final: nothing overwrites it.
 */
export async function setPaymentStatus(
  db: TDb,
  paymentId: string,
  outcome: TPaymentOutcome,
): Promise<boolean> {
  const changed = await rows<{ id: string }>(
    db,
    sql`update payments set status = ${outcome.status}, status_detail = ${outcome.detail}, updated_at = now()
        where id = ${paymentId} and status <> 'refunded'
          and (status <> ${outcome.status} or status_detail is distinct from ${outcome.detail})
        returning id`,
  );
  return changed.length > 0;
}

/** The gateway's id of a charge, learnt from its answer, a lookup by our reference or a webhook. */
export async function recordCharge(
  db: TDb,
  paymentId: string,
  charge: { ref: string; brand?: string | undefined; last4?: string | undefined },
) {
  await db.execute(
    sql`update payments set gateway_ref = coalesce(gateway_ref, ${charge.ref}),
          card_brand = coalesce(card_brand, ${charge.brand ?? null}),
          card_last4 = coalesce(card_last4, ${charge.last4 ?? null}), updated_at = now()
        where id = ${paymentId}`,
  );
}
