import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/** Why a ticket no longer admits anyone (tickets.void_reason). */
export type TVoidReason = 'refunded' | 'event_cancelled';

/**
 * Issue 33: the only writer of a ticket's void mark (`tickets.voided_at`, `void_reason`;
 * structure-writers.test.ts fails any other). Marks the order's tickets `ids` void, in the
 * caller's transaction, only those not void already; answers the ones this call marked, so of two
 * refunds racing for one ticket exactly one voids it (the other sees fewer and refuses).
 * A void ticket is on the gates' revoked list (revoked-qrs.ts) and reads refunded in My tickets.
 */
export async function voidTickets(
  tx: TDb,
  orderId: string,
  ids: readonly string[],
  reason: TVoidReason,
): Promise<{ id: string; lotId: number; controlledPlaceId: number | null }[]> {
  if (ids.length === 0) return [];
  const voided = await rows<{ id: string; lot_id: number; controlled_place_id: number | null }>(
    tx,
    sql`update tickets set voided_at = now(), void_reason = ${reason}
        where order_id = ${orderId} and voided_at is null and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        returning id, lot_id, controlled_place_id`,
  );
  return voided.map((row) => ({ id: row.id, lotId: row.lot_id, controlledPlaceId: row.controlled_place_id }));
}
