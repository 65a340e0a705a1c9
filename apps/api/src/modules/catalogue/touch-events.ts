import type { TDb } from '../../db/client.ts';
import { inArray, sql } from '../../db/orm.ts';
import { events } from '../../db/schema/index.ts';

/**
 * Tells every process that these events' answers changed (availability, prices, anything a buyer
 * sees): bumps their revision, which each process's catalogue polls (docs/catalogue-snapshots.md).
 * Call it in the transaction that made the change, or right after it commits, then call
 * `catalogue.refresh()` so this process answers the new state at once.
 */
export async function touchEvents(db: TDb, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .update(events)
    .set({ revision: sql`${events.revision} + 1`, updatedAt: sql`now()` })
    .where(inArray(events.id, [...eventIds]));
}
