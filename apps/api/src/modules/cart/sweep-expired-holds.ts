import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { reclaimExpiredHolds } from './stock.ts';

/**
 * Gives expired holds back for good, one lot per transaction so it never holds many hot rows at
 * once. Availability does not wait for it (reads count only live holds and takers reclaim on the
 * spot); it keeps the counters and the holds table small. Safe to run in every process at once.
 */
export async function sweepExpiredHolds(db: TDb, batch = 200): Promise<number> {
  const result = await rows<{ lot_id: number }>(
    db,
    sql`select distinct lot_id from cart_holds where not released and expires_at <= now() limit ${batch}`,
  );
  let reclaimed = 0;
  for (const { lot_id } of result) {
    reclaimed += await withTransaction(db, (tx) => reclaimExpiredHolds(tx, { lotId: lot_id }));
  }
  // Carts abandoned for longer than the browser keeps their cookie (a day) are gone for good.
  await db.execute(sql`delete from carts where expires_at < now() - interval '1 day'
    and not exists (select 1 from cart_holds h where h.cart_id = carts.id and not h.released)`);
  await db.execute(sql`delete from exclusive_access_grants where expires_at < now()`);
  return reclaimed;
}
