import type { TDb } from '../../db/client.ts';
import { FRESH_PLAN } from '../../db/fresh-plan.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { drawEarlyArrivals } from './draw-early-arrivals.ts';
import { admissionRatePerMinute, findQueueEvent } from './queue-event.ts';

export type TAdmitOptions = {
  db: TDb;
  holdSeconds: number;
  /**
   * TEST ONLY (TEST_UNSAFE_QUEUE_LOCAL_RATE): pace by this process's own clock instead of the
   * event's shared one, as a queue kept in memory would. With two processes it admits twice the rate.
   */
  localClocks?: Map<number, number> | undefined;
};

/** The most a late tick may catch up: a process that stalled, or all of them down, never floods the site. */
const MAX_CATCH_UP_SECONDS = 5;

/**
 * One admission tick for every event whose queue has started. Every process runs it every second;
 * that is safe because each event's tick runs under its `event_queues` row lock: the draw, the
 * budget read from the shared clock, the admissions and the clock's advance commit together, so
 * two processes never spend the same budget and nobody is admitted twice.
 */
export async function admitVisitors(options: TAdmitOptions): Promise<number> {
  const result = await rows<{ id: number }>(
    options.db,
    sql`
    select id from events
    where queue_enabled and published and starts_at > now() and (on_sale_at is null or on_sale_at <= now())`,
  );
  let admitted = 0;
  for (const { id } of result) admitted += await admitToEvent(options, id);
  return admitted;
}

/** The queue's row as admission reads it (`clock` only under the row lock; local clocks keep their own). */
type TClockRow = { drawn_at: unknown; clock?: Date | string; now: Date | string };

/** Admits the next visitors of one event by rank, as many as its rate allows since the last tick. */
export async function admitToEvent(options: TAdmitOptions, eventId: number): Promise<number> {
  const event = await findQueueEvent(options.db, { id: eventId });
  if (!event) return 0;
  // Sold out: nobody is let in to find nothing; the queue page says so instead.
  if (event.free <= 0) return 0;
  const perSecond = admissionRatePerMinute(event, options.holdSeconds) / 60;
  return withTransaction(options.db, async (tx) => {
    await tx.execute(sql`
      insert into event_queues (event_id, clock) values (${eventId}, coalesce(${event.onSaleAt?.toISOString() ?? null}::timestamptz, now()))
      on conflict do nothing`);
    const locked = await rows<TClockRow>(
      tx,
      options.localClocks
        ? sql`select drawn_at, now() as now from event_queues where event_id = ${eventId}`
        : sql`select drawn_at, clock, now() as now from event_queues where event_id = ${eventId} for update`,
    );
    const row = locked[0] as TClockRow;
    const now = new Date(row.now).getTime();
    await drawEarlyArrivals(tx, eventId);

    let clock = options.localClocks
      ? (options.localClocks.get(eventId) ?? now)
      : new Date(row.clock!).getTime();
    // A clock ahead of now (set by joins before an on-sale time that then moved earlier) starts from now;
    // the catch-up is at least one admission's worth, or a slow queue (under 12 a minute) would never reach one.
    const stored = clock;
    clock = Math.min(now, Math.max(clock, now - Math.max(MAX_CATCH_UP_SECONDS, 1 / perSecond) * 1000));
    // (The epsilon keeps a whole budget whole: 5 s at 0.6/s is 3, not 2.999….)
    const quota = Math.floor(((now - clock) / 1000) * perSecond + 1e-9);
    if (quota < 1) {
      if (options.localClocks && !options.localClocks.has(eventId)) options.localClocks.set(eventId, clock);
      if (!options.localClocks && stored > now)
        await tx.execute(
          sql`update event_queues set clock = ${new Date(clock).toISOString()}::timestamptz where event_id = ${eventId}`,
        );
      return 0;
    }
    // Planned at each run (once a tick): a plan kept from a young queue would sort the event's every
    // waiting place to take the first N, under the counter's lock that the joins wait for.
    const admitted = await rows<unknown>(
      tx,
      sql`${sql.raw(FRESH_PLAN)}
      update queue_entries set admitted_at = now()
      where id in (
        select id from queue_entries
        where event_id = ${eventId} and admitted_at is null and rank is not null
        order by rank, id limit ${quota})
      and admitted_at is null
      returning id`,
    );
    const count = admitted.length;
    // The clock moves by the budget spent; an empty queue spends nothing and keeps no credit.
    const next = count < quota ? now : clock + (quota / perSecond) * 1000;
    if (options.localClocks) options.localClocks.set(eventId, next);
    await tx.execute(sql`
      update event_queues set clock = ${new Date(next).toISOString()}::timestamptz, admitted = admitted + ${count}
      where event_id = ${eventId}`);
    return count;
  });
}
