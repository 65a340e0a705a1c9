import type { TDb } from '../db/client.ts';
import { isDatabaseClosed } from '../db/connection-errors.ts';
import { sql } from '../db/orm.ts';
import { rows } from '../db/rows.ts';

/**
 * Issue 18: the anonymous-hold throttle's shared windows (cart/hold-throttle.ts) counted in batches;
 * issue 37: the queue's join throttle's too (queue/join-throttle.ts), and the limits a purchase passes
 * (accounts/rate-limits.ts: `BATCHED`).
 * Each count adds its points to a key's row of `rate_limits` for a window of `seconds` (a window that
 * has ended starts again with them), as rate-limiter-flexible's RateLimiterDrizzle does for one key, so its
 * `delete` still resets a window (with `forget`, for this process's view).
 *
 * A count is answered at once from this process's view of the key: the total the table gave at its
 * last write of the key, plus what this process counted since. The counts are written every
 * `FLUSH_MS` in one statement (one in flight at a time), which answers each key's total, counts of
 * the other processes included. So within a process the counts are exact, and another process's
 * counts reach it within a flush (tens of milliseconds): an address spread over N processes may pass
 * a threshold by what it sends in that time. In an on-sale rush the joins waited for a count's
 * statement and then for their own; the counts' statements were half of the database's CPU per join
 * (docs/waiting-room.md). A statement that fails keeps its counts for the next one; a crash forgets
 * at most a flush's counts (they are throttles, not records: forgetting lets a little more through).
 */
const FLUSH_MS = 25;
const MAX_BATCH = 1024;
/** Keys whose total this process remembers (the oldest go first; one forgotten is read at its next write). */
const MAX_KNOWN = 50_000;

export type TWindowCounts = {
  /**
   * Counts `n` (default one; negative gives points back) for `key` and answers the key's count in its
   * window, these included.
   */
  (key: string, n?: number): Promise<number>;
  /**
   * Starts `key`'s window again (a captcha was answered): this process counts it from zero at once,
   * and its row is deleted in the next write, after the statement in flight if there is one (that
   * statement may carry counts made before the reset; deleted beside it on another connection, the row
   * could come back with them). Resolves once that write has run.
   */
  reset(key: string): Promise<void>;
  /** Milliseconds until `key`'s window ends, as this process last learnt it (null: not learnt yet). */
  endsIn(key: string): number | null;
  /** Writes the counts not yet written (tests; a closing process). */
  flush(): Promise<void>;
};

type TKnown = { points: number; expiresAt: number };

export function createWindowCounts(db: TDb, seconds: number): TWindowCounts {
  const known = new Map<string, TKnown>();
  let pending = new Map<string, number>();
  /** The counts of the statement in flight: counted in the answers until its totals come back. */
  let inFlight = new Map<string, number>();
  /** Keys forgotten while a statement was in flight: its totals for them are from before the reset. */
  const forgotten = new Set<string>();
  /** Keys whose rows the next write deletes before it counts. */
  let resets = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  /** Its database was closed: nothing more is written (a retry every flush would go on for ever). */
  let closed = false;

  const remember = (key: string, value: TKnown) => {
    known.delete(key);
    known.set(key, value);
    if (known.size > MAX_KNOWN) known.delete(known.keys().next().value!);
  };

  async function write(): Promise<void> {
    if (pending.size === 0 && resets.size === 0) return;
    const batch = pending;
    const gone = resets;
    inFlight = batch;
    pending = new Map();
    resets = new Set();
    forgotten.clear();
    const entries = [...batch];
    try {
      if (gone.size > 0) {
        await db.execute(
          sql`delete from rate_limits where key in (select json_array_elements_text(${JSON.stringify([...gone])}::json))`,
        );
        gone.clear();
      }
      for (let i = 0; i < entries.length; i += MAX_BATCH) {
        const part = entries.slice(i, i + MAX_BATCH);
        for (const row of await upsert(db, part, seconds)) {
          // What this process counted while the statement ran is not in the row yet: kept apart.
          if (!forgotten.has(row.key)) remember(row.key, { points: row.points, expiresAt: row.expiresAt });
          batch.delete(row.key);
        }
      }
    } catch (error) {
      if (isDatabaseClosed(error)) {
        closed = true;
        pending = new Map();
        resets = new Set();
        return;
      }
      for (const key of gone) resets.add(key);
      // The counts not written go in the next statement (the table may be back by then), unless an
      // outage has piled up more keys than the process remembers: then the oldest counts are let go.
      if (pending.size + batch.size <= MAX_KNOWN)
        for (const [key, n] of batch) pending.set(key, (pending.get(key) ?? 0) + n);
    } finally {
      inFlight = new Map();
    }
  }

  /** One write at a time: the timer's and `flush`'s alike (two in flight would mix up `inFlight`). */
  function startWrite(): Promise<void> {
    writing = write().finally(() => {
      writing = null;
      if (pending.size > 0 || resets.size > 0) schedule();
    });
    return writing;
  }

  function schedule() {
    if (timer || writing || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void startWrite();
    }, FLUSH_MS);
    timer.unref();
  }

  async function flush(): Promise<void> {
    while (writing) await writing;
    if (timer) clearTimeout(timer);
    timer = null;
    await startWrite();
  }

  const count = (key: string, points = 1) => {
    const n = (pending.get(key) ?? 0) + points;
    pending.set(key, n);
    schedule();
    const before = known.get(key);
    const counted = before && before.expiresAt > Date.now() ? before.points : 0;
    return Promise.resolve(counted + (inFlight.get(key) ?? 0) + n);
  };

  return Object.assign(count, {
    async reset(key: string) {
      known.delete(key);
      pending.delete(key);
      inFlight.delete(key);
      forgotten.add(key);
      resets.add(key);
      await flush();
    },
    endsIn(key: string) {
      const at = known.get(key)?.expiresAt;
      return at === undefined ? null : Math.max(0, at - Date.now());
    },
    flush,
  });
}

async function upsert(db: TDb, counts: [string, number][], seconds: number) {
  const batch = JSON.stringify(counts.map(([key, n]) => ({ key, n })));
  // A key's counts of one flush are summed: points taken add to its window (an ended window starts
  // again with them); points given back leave a live window, never below zero, and an ended one alone.
  const result = await rows<{ key: string; points: number; expires_at: number | string }>(
    db,
    sql`with b as (
          select b.key, b.n from json_to_recordset(${batch}::json) as b(key text, n int)
        ), back as (
          update rate_limits r set points = greatest(r.points + b.n, 0)
          from b where b.n < 0 and r.key = b.key and r.expire > now()
          returning r.key, r.points, r.expire
        ), taken as (
          insert into rate_limits as r (key, points, expire)
          select b.key, b.n, now() + make_interval(secs => ${seconds}) from b where b.n > 0
          on conflict (key) do update set
            points = case when r.expire <= now() then excluded.points else r.points + excluded.points end,
            expire = case when r.expire <= now() then excluded.expire else r.expire end
          returning r.key, r.points, r.expire
        )
        select key, points, (extract(epoch from expire) * 1000)::float8 as expires_at from back
        union all
        select key, points, (extract(epoch from expire) * 1000)::float8 as expires_at from taken`,
  );
  return result.map((row) => ({
    key: row.key,
    points: Number(row.points),
    expiresAt: Number(row.expires_at),
  }));
}
