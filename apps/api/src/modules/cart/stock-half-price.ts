import type { TDb } from '../../db/client.ts';
import { type SQL, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * The stock module's half-price quota (issue 36, see stock.ts): each section counts the units of
 * its half-price ticket types held (`half_held`) and sold (`half_sold`) against `half_quota`
 * (the event's percent of the section's capacity; a CHECK keeps half_sold + half_held <= half_quota).
 * The guarded take itself is stock.ts's `guardedTake` (lot and quota in one statement); here the
 * moves that follow a lot's: releases, sales, refunds, and the negative control's unsafe take.
 */

/** The section a lot's half-price units count in; no row when its ticket type is not half-price. */
const HALF_SECTION = (lotId: number) => sql`(
  select t.section_id from ticket_lots l join event_tickets t on t.id = l.ticket_id
  where l.id = ${lotId} and t.half_price)`;

/** Moves a half-price lot's section counters as its lot's moved (`set` names them); nothing for other lots. */
export async function moveHalfCounters(tx: TDb, lotId: number, set: SQL): Promise<void> {
  await tx.execute(sql`update event_sections set ${set} where id = ${HALF_SECTION(lotId)}`);
}

/**
 * A CTE (named `halves`) that gives back to their sections the half-price units of the holds a
 * release statement's CTE `source` returns (rows with ticket_id and quantity).
 */
export function halvesReleased(source: 'expired' | 'released'): SQL {
  return sql`halves as (
          update event_sections s set half_held = s.half_held - e.n
          from (select t.section_id, sum(x.quantity)::int as n
                from ${sql.raw(source)} x join event_tickets t on t.id = x.ticket_id
                where t.half_price group by t.section_id) e
          where s.id = e.section_id
        )`;
}

/**
 * Sells `n` half-price units whose hold lapsed (checkout): the section's quota takes them by a
 * guarded UPDATE, after the lot's (the fixed order). True for a lot that is not half-price.
 */
export async function sellFreeHalfUnits(tx: TDb, lotId: number, n: number): Promise<boolean> {
  const [lot] = await rows<{ section_id: number | null }>(
    tx,
    sql`select ${HALF_SECTION(lotId)} as section_id`,
  );
  if (!lot?.section_id) return true;
  const taken = await rows<{ id: number }>(
    tx,
    sql`update event_sections set half_sold = half_sold + ${n}
        where id = ${lot.section_id} and half_sold + half_held + ${n} <= half_quota returning id`,
  );
  return taken.length === 1;
}

/**
 * NEGATIVE CONTROL ONLY (TEST_UNSAFE_STOCK, stockMode 'unsafeReadThenWrite'): the quota counted
 * by read-then-write, the lost update the guarded take prevents. Reads the section's counters,
 * decides in JavaScript, yields, then writes an absolute value. True for a lot that is not half-price.
 */
export async function unsafeHalfTake(tx: TDb, lotId: number, n: number): Promise<boolean> {
  const [section] = await rows<{ id: number; half_quota: number; half_sold: number; half_held: number }>(
    tx,
    sql`select id, half_quota, half_sold, half_held from event_sections where id = ${HALF_SECTION(lotId)}`,
  );
  if (!section) return true;
  if (section.half_sold + section.half_held + n > section.half_quota) return false;
  await new Promise((resolve) => setImmediate(resolve));
  await tx.execute(
    sql`update event_sections set half_held = ${section.half_held + n} where id = ${section.id}`,
  );
  return true;
}

/**
 * The catalogue import, after an event's sections are synced: each section's `half_quota` is
 * floor(percent × capacity / 100) (capacity: its seats' and tables' when it has places, else its
 * lots'), 0 without half-price, and never below what is already sold and held against it.
 */
export async function setHalfQuotas(tx: TDb, eventId: number): Promise<void> {
  await tx.execute(
    sql`update event_sections s set half_quota = greatest(s.half_sold + s.half_held, coalesce(
          (select floor(e.half_price_quota_percent * coalesce(
             nullif((select sum(p.capacity) from controlled_places p where p.section_id = s.id), 0),
             (select sum(l.capacity) from ticket_lots l join event_tickets t on t.id = l.ticket_id
              where t.section_id = s.id), 0) / 100.0)::int
           from events e where e.id = s.event_id), 0))
        where s.event_id = ${eventId}`,
  );
}
