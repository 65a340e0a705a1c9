import type { TDb } from '../../db/client.ts';
import { FRESH_PLAN } from '../../db/fresh-plan.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TQueueEntry } from './join-queue.ts';

/**
 * Issue 37: joins in batches, as the hold rush's holds are (cart/new-cart-holds.ts). Joins of one
 * event that arrive while its statement runs wait for it and go together in the next one: a crowd
 * costs the database one statement and one commit per batch instead of four round trips and a
 * transaction per visitor, and the event's counter row is locked once per batch. A visitor alone
 * is sent at once, so nothing waits for a batch to fill. Each caller is answered only after the
 * statement committed (on the pool that waits for the disk), so a crash loses no acknowledged join.
 *
 * The statement (one, so one implicit transaction): the batch's visitors without a place
 * (by session or account) are counted into `event_queues.joined` (taking its row lock, which
 * orders batches across processes), then inserted in arrival order with the rank read from the
 * database's clock after that lock and `places_before` from the counter. It answers the places
 * taken and the places that already existed. A visitor answered neither (a place taken at the same
 * moment by another process, or a failed batch) is looked up or sent alone, as before.
 */
const MAX_BATCH = 256;

export type TJoining = { sessionId: string; userId: string | null };
/**
 * The new place of a joiner, or the existing places of its session and account (none: look again),
 * and how many the queue had admitted when the batch committed (for the answer's position).
 */
export type TTaken = { placed: TQueueEntry | null; existing: TQueueEntry[]; admitted: number };

type TWaiting = { joiner: TJoining; resolve(taken: TTaken): void; reject(error: unknown): void };

/** Per database and event: the joins waiting for the statement after the running one. */
const queuesByDb = new WeakMap<TDb, Map<number, TWaiting[]>>();

/** Takes a place at the back of `eventId`'s queue for a joiner, unless its session or account has one. */
export function takePlaceInBatch(db: TDb, eventId: number, joiner: TJoining): Promise<TTaken> {
  let queues = queuesByDb.get(db);
  if (!queues) {
    queues = new Map();
    queuesByDb.set(db, queues);
  }
  const running = queues.get(eventId);
  return new Promise((resolve, reject) => {
    const waiting: TWaiting = { joiner, resolve, reject };
    if (running) {
      running.push(waiting);
      return;
    }
    const queue: TWaiting[] = [];
    queues.set(eventId, queue);
    void drain(db, eventId, queues, queue, [waiting]);
  });
}

async function drain(
  db: TDb,
  eventId: number,
  queues: Map<number, TWaiting[]>,
  queue: TWaiting[],
  first: TWaiting[],
): Promise<void> {
  let batch = first;
  try {
    while (batch.length > 0) {
      await settle(db, eventId, batch);
      batch = queue.splice(0, MAX_BATCH);
    }
  } catch (error) {
    for (const waiting of [...batch, ...queue.splice(0)]) waiting.reject(error);
  } finally {
    // The event never stays marked busy, or its next joins would wait for a statement that never runs.
    queues.delete(eventId);
  }
}

async function settle(db: TDb, eventId: number, batch: TWaiting[]): Promise<void> {
  let taken: Awaited<ReturnType<typeof takePlaces>>;
  try {
    taken = await takePlaces(
      db,
      eventId,
      batch.map((waiting) => waiting.joiner),
    );
  } catch (error) {
    // The statement may have committed before its answer was lost: a join is idempotent (a second
    // one finds the place), so each visitor of a failed batch simply tries alone.
    if (batch.length === 1) batch[0]!.reject(error);
    else await Promise.all(batch.map((waiting) => settle(db, eventId, [waiting])));
    return;
  }
  for (const { joiner, resolve } of batch) {
    const placed = taken.placed.find((row) => row.sessionId === joiner.sessionId) ?? null;
    const existing = placed
      ? []
      : taken.existing.filter(
          (row) =>
            row.sessionId === joiner.sessionId || (joiner.userId !== null && row.userId === joiner.userId),
        );
    resolve({ placed, existing, admitted: taken.admitted });
  }
}

type TRow = {
  placed: boolean;
  admitted: number;
  id: number | string;
  event_id: number;
  session_id: string;
  user_id: string | null;
  joined_at: Date | string;
  rank: number | string | null;
  places_before: number | string | null;
  admitted_at: Date | string | null;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const toEntry = (row: TRow): TQueueEntry => ({
  id: Number(row.id),
  eventId: row.event_id,
  sessionId: row.session_id,
  userId: row.user_id,
  joinedAt: toDate(row.joined_at),
  rank: row.rank === null ? null : Number(row.rank),
  placesBefore: row.places_before === null ? null : Number(row.places_before),
  admittedAt: row.admitted_at === null ? null : toDate(row.admitted_at),
});

async function takePlaces(db: TDb, eventId: number, joiners: TJoining[]) {
  // A session or account twice in one batch (two tabs at once) joins once: its first request.
  const seen = new Set<string>();
  const unique = joiners.filter(({ sessionId, userId }) => {
    const keys = [`s:${sessionId}`, ...(userId ? [`u:${userId}`] : [])];
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    return true;
  });
  const batch = JSON.stringify(unique.map((joiner, i) => ({ s: joiner.sessionId, u: joiner.userId, i })));
  const result = await rows<TRow>(
    db,
    sql`${sql.raw(FRESH_PLAN)}
    with batch as (
      select b.s, b.u, b.i from json_to_recordset(${batch}::json) as b(s text, u text, i int)
    ), found as materialized (
      -- The places the batch's sessions and accounts already have: an index probe per visitor and key,
      -- never a scan of the queue. (One lookup by "session or account", kept with a generic plan made
      -- while the queue was young, read the event's every place per visitor: 48 ms a batch at 40,000
      -- places. Hence a plan per run, FRESH_PLAN, and a probe per key; OFFSET 0 keeps each probe from
      -- being flattened into a join.)
      select q.* from batch b cross join lateral (
        select * from queue_entries q where q.event_id = ${eventId} and q.session_id = b.s offset 0
      ) q
      union
      select q.* from batch b cross join lateral (
        select * from queue_entries q where q.event_id = ${eventId} and q.user_id = b.u offset 0
      ) q
    ), fresh as (
      select b.s, b.u, row_number() over (order by b.i) as n from batch b
      where not exists (select 1 from found q where q.session_id = b.s or q.user_id = b.u)
    ), counter as (
      insert into event_queues as c (event_id, clock, joined)
      values (${eventId}, greatest(now(), (select on_sale_at from events where id = ${eventId})),
        (select count(*) from fresh))
      on conflict (event_id) do update set joined = c.joined + excluded.joined
      returning c.joined - (select count(*) from fresh) as before, c.admitted
    ), placed as (
      insert into queue_entries (event_id, session_id, user_id, rank, places_before)
      select ${eventId}, f.s, f.u,
        case when t.elapsed >= interval '0' then (extract(epoch from t.elapsed) * 1000000)::bigint end,
        case when t.elapsed >= interval '0' then counter.before + f.n - 1 end
      from fresh f
      cross join counter
      -- The on-sale time from the row itself, never from a cached copy: it decides early or late;
      -- the clock read per row after the counter's lock, so ranks follow the batches' order.
      cross join lateral (
        select clock_timestamp() - coalesce((select on_sale_at from events where id = ${eventId}), 'epoch'::timestamptz)
          as elapsed
        where f.n is not null and counter.before is not null
      ) t
      order by f.n
      on conflict do nothing
      returning *
    )
    select true as placed, (select admitted from counter), p.* from placed p
    union all
    select false as placed, (select admitted from counter), q.* from found q`,
  );
  const entries = result.map((row) => ({ placed: row.placed, entry: toEntry(row) }));
  return {
    placed: entries.filter((row) => row.placed).map((row) => row.entry),
    existing: entries.filter((row) => !row.placed).map((row) => row.entry),
    admitted: Number(result[0]?.admitted ?? 0),
  };
}
