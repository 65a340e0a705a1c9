import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { reclaimExpiredHolds, type TStockMode, takeLotUnits } from './stock.ts';

/**
 * The stock module's seats and tables (see stock.ts): takes of a place's units, always after its
 * lot's (the fixed lock order), and the growth of an open table's line.
 */

/**
 * Takes units of a seat or table. `whole` takes the entire table and needs it untouched.
 * False when the place has not that many free.
 */
export async function takePlaceUnits(
  tx: TDb,
  placeId: number,
  quantity: number,
  whole: boolean,
  mode: TStockMode,
): Promise<boolean> {
  if (mode === 'unsafeReadThenWrite') {
    const [place] = await rows<{ capacity: number; sold: number; held: number }>(
      tx,
      sql`select capacity, sold, held from controlled_places where id = ${placeId}`,
    );
    if (!place || place.sold + place.held + quantity > place.capacity) return false;
    await new Promise((resolve) => setImmediate(resolve));
    await tx.execute(sql`update controlled_places set held = ${place.held + quantity} where id = ${placeId}`);
    return true;
  }
  const attempt = async () =>
    (
      await rows<{ id: number }>(
        tx,
        whole
          ? sql`update controlled_places set held = held + ${quantity}
                where id = ${placeId} and not disabled and not reserved and sold = 0 and held = 0
                  and capacity = ${quantity}
                returning id`
          : sql`update controlled_places set held = held + ${quantity}
                where id = ${placeId} and not disabled and not reserved and sold + held + ${quantity} <= capacity
                returning id`,
      )
    ).length === 1;
  if (await attempt()) return true;
  if ((await reclaimExpiredHolds(tx, { placeId })) === 0) return false;
  return attempt();
}

/**
 * More seats of an open table the cart already holds (issue 31): takes `quantity` units of the
 * lot, then of the table (each a conditional UPDATE, in the fixed order lot then place), then
 * grows the hold's line by as many. The caller holds the cart's row lock, so the line cannot
 * change under it. The line keeps the price terms it was taken at (one line, one price): a
 * producer's price change never alters what a buyer already holding pays (issue 34). Answers which counter had no room ('lot' or 'place'); the caller's
 * transaction then rolls back whatever was taken.
 */
export async function growPlaceHold(
  tx: TDb,
  hold: { id: number; lotId: number; placeId: number },
  quantity: number,
  mode: TStockMode,
): Promise<'held' | 'lot' | 'place'> {
  if (!(await takeLotUnits(tx, hold.lotId, quantity, mode))) return 'lot';
  if (!(await takePlaceUnits(tx, hold.placeId, quantity, false, mode))) return 'place';
  await tx.execute(
    sql`update cart_holds set quantity = quantity + ${quantity} where id = ${hold.id} and not released`,
  );
  return 'held';
}
