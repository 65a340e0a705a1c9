import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { reclaimExpiredHolds, type TSaleUnits } from './stock.ts';

/**
 * The stock module's moves outside any cart (see stock.ts): the catalogue import's removal of a
 * dropped lot or place, the demo's seeded sales, the producer's courtesies.
 */

/**
 * Deletes a lot or a place the catalogue import dropped, only while nothing of it is sold or held
 * (one conditional statement, so a hold that lands between the import's read and this delete is
 * never lost; a cart line that still points at it, even released, keeps it too). Answers the ids
 * it deleted; the import refuses the file for any other.
 */
export async function deleteUnsoldStock(
  tx: TDb,
  of: 'lot' | 'place',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const deleted = await rows<{ id: number }>(
    tx,
    of === 'lot'
      ? sql`delete from ticket_lots l where l.id in (${list}) and l.sold = 0 and l.held = 0
            and not exists (select 1 from cart_holds h where h.lot_id = l.id) returning l.id`
      : sql`delete from controlled_places p where p.id in (${list}) and p.sold = 0 and p.held = 0
            and not exists (select 1 from cart_holds h where h.controlled_place_id = p.id) returning p.id`,
  );
  return deleted.map((row) => Number(row.id));
}

/**
 * DEMO ONLY (modules/demo/apply-demo-sales.ts, right after the import, before any cart exists):
 * sets the `sold` counter of the lots or places `sold` names, a query of `(id, sold)` rows. The
 * counters' CHECK still holds (`sold + held <= capacity`).
 */
export async function seedSoldUnits(
  tx: TDb,
  counters: 'lots' | 'places',
  sold: ReturnType<typeof sql>,
): Promise<void> {
  await tx.execute(
    counters === 'lots'
      ? sql`update ticket_lots l set sold = v.sold from (${sold}) as v(id, sold) where l.id = v.id`
      : sql`update controlled_places p set sold = v.sold from (${sold}) as v(id, sold) where p.id = v.id`,
  );
}

/**
 * Issue 34, courtesies: sells `n` free units of a lot, and of its seat or table when there is one,
 * to named guests (modules/producer/courtesies.ts), each a guarded UPDATE
 * (`... where sold + held + n <= capacity`) after the lot's expired holds are reclaimed. A
 * courtesy may use a place kept for guests (`reserved`) and a lot the producer closed (`disabled`,
 * sale window): they keep the public out, not the producer's guests. False when either has no
 * room; the caller's transaction must then roll back (the lot may be taken).
 */
export async function takeCourtesyUnits(tx: TDb, units: TSaleUnits, n: number): Promise<boolean> {
  await reclaimExpiredHolds(tx, { lotId: units.lotId });
  const lot = await rows<{ id: number }>(
    tx,
    sql`update ticket_lots set sold = sold + ${n}
        where id = ${units.lotId} and sold + held + ${n} <= capacity returning id`,
  );
  if (lot.length === 0) return false;
  if (units.controlledPlaceId === null) return true;
  const place = await rows<{ id: number }>(
    tx,
    sql`update controlled_places set sold = sold + ${n}
        where id = ${units.controlledPlaceId} and sold + held + ${n} <= capacity returning id`,
  );
  return place.length > 0;
}
