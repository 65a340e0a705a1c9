import type { TDb } from '../../db/client.ts';
import { FRESH_PLAN } from '../../db/fresh-plan.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/** Early arrivals' ranks sit below every after-start rank (microseconds since the start, ≥ 0). */
const DRAW_BASE = -1_000_000_000_000;

/**
 * The draw at the on-sale time: everyone who arrived before it gets a random rank, once, by this
 * guarded UPDATE (only rows without a rank), in the database, so no process and no arrival time
 * decides the order. A straggler whose join committed after the draw is drawn at the next tick,
 * after the earlier early arrivals. The caller holds the event's `event_queues` row lock.
 */
export async function drawEarlyArrivals(tx: TDb, eventId: number): Promise<number> {
  // Runs every tick under the counter's lock the joins wait for, so it must not read the queue: the
  // places without a rank are found in the waiting places' index (`admitted_at is null` lets the planner
  // use it, and holds for every place without a rank: only ranked places are admitted), with a plan made
  // at each run (FRESH_PLAN). Without it every tick read the table's every place (2.5 ms at 50,000).
  const drawn = await rows<unknown>(
    tx,
    sql`${sql.raw(FRESH_PLAN)}
    with already as (
      select count(*)::bigint as n from queue_entries where event_id = ${eventId} and rank < 0
    ), draw as (
      select id, row_number() over (order by random()) as n
      from queue_entries where event_id = ${eventId} and rank is null and admitted_at is null
    )
    update queue_entries q set rank = ${DRAW_BASE} + (select n from already) + draw.n,
      places_before = (select n from already) + draw.n - 1
    from draw where q.id = draw.id and q.rank is null
    returning q.id`,
  );
  if (drawn.length > 0)
    await tx.execute(
      sql`update event_queues set drawn_at = coalesce(drawn_at, now()) where event_id = ${eventId}`,
    );
  return drawn.length;
}
