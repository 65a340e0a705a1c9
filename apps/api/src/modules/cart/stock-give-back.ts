import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { moveHalfCounters } from './stock-half-price.ts';

// The stock module's units given back while their hold lives on (stock.ts): part of a hold, or a
// lot's share of a take that failed at its seat or table.

/**
 * Gives back units of a lot taken for a line whose seat or table could not be taken after all
 * (cart renewal, activate-cart.ts): the lot's share of a take that failed at the place.
 */
export async function giveBackLotUnits(tx: TDb, lotId: number, quantity: number): Promise<void> {
  await tx.execute(sql`update ticket_lots set held = held - ${quantity} where id = ${lotId}`);
  await moveHalfCounters(tx, lotId, sql`half_held = half_held - ${quantity}`);
}

/**
 * Gives back `quantity` units of one live hold that has more than that (some tickets of a line,
 * or seats of an open table), to its lot and its seat or table, in ONE statement so the line and
 * the counters cannot disagree. False when the hold is gone, released, or not larger than
 * `quantity` (the caller then releases it whole).
 */
export async function shrinkHold(tx: TDb, holdId: number, quantity: number): Promise<boolean> {
  const shrunk = await rows<{ id: number }>(
    tx,
    sql`with shrunk as (
          update cart_holds set quantity = quantity - ${quantity}
          where id = ${holdId} and not released and quantity > ${quantity}
          returning id, lot_id, controlled_place_id, ticket_id
        ), lots as (
          update ticket_lots l set held = l.held - ${quantity}
          from shrunk where l.id = shrunk.lot_id
        ), halves as (
          update event_sections s set half_held = s.half_held - ${quantity}
          from shrunk join event_tickets t on t.id = shrunk.ticket_id
          where t.half_price and s.id = t.section_id
        ), places as (
          update controlled_places p set held = p.held - ${quantity}
          from shrunk where p.id = shrunk.controlled_place_id
        )
        select id from shrunk`,
  );
  return shrunk.length === 1;
}
