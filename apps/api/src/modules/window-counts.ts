import type { TDb } from '../db/client.ts';
import { sql } from '../db/orm.ts';
import { rows } from '../db/rows.ts';

/**
 * Issue 18: the anonymous-hold throttle's shared windows (cart/hold-throttle.ts) counted in batches;
 * issue 37: the queue's join throttle's too (queue/join-throttle.ts).
 * Each count adds one to a key's row of `rate_limits` for a window of `seconds` (a window that has
 * ended starts again at one), as rate-limiter-flexible's RateLimiterDrizzle does for one key, so its
 * `delete` still resets a window. Counts that arrive while a statement runs go together in the next
 * one: in an on-sale rush every anonymous hold counts its address and session, and one upsert per
 * count had become the rush's cost once the holds themselves were batched (cart/new-cart-holds.ts; queue/take-places.ts for joins).
 * A failed statement fails its counts (the hold is refused, as before, with the database's error);
 * one whose answer was lost may have counted them, which at worst asks those visitors a captcha
 * a little sooner.
 */
const MAX_BATCH = 256;

type TWaiting = { key: string; resolve(points: number): void; reject(error: unknown): void };

/** Counts one for `key` and answers the key's count in its window, this one included. */
export function createWindowCounts(db: TDb, seconds: number): (key: string) => Promise<number> {
  const waiting: TWaiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) await settle(waiting.splice(0, MAX_BATCH));
    running = false;
  }

  async function settle(batch: TWaiting[]) {
    const counts = new Map<string, number>();
    for (const { key } of batch) counts.set(key, (counts.get(key) ?? 0) + 1);
    try {
      const rows = await upsert(db, counts, seconds);
      const totals = new Map(rows.map((row) => [row.key, row.points]));
      // The batch's counts of one key are answered in arrival order: the last gets the total.
      for (const item of batch) {
        const left = counts.get(item.key)! - 1;
        counts.set(item.key, left);
        item.resolve(totals.get(item.key)! - left);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }

  return (key) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) void drain();
    });
}

async function upsert(db: TDb, counts: Map<string, number>, seconds: number) {
  const batch = JSON.stringify([...counts].map(([key, n]) => ({ key, n })));
  const result = await rows<{ key: string; points: number }>(
    db,
    sql`insert into rate_limits as r (key, points, expire)
        select b.key, b.n, now() + make_interval(secs => ${seconds})
        from json_to_recordset(${batch}::json) as b(key text, n int)
        on conflict (key) do update set
          points = case when r.expire <= now() then excluded.points else r.points + excluded.points end,
          expire = case when r.expire <= now() then excluded.expire else r.expire end
        returning r.key, r.points`,
  );
  return result;
}
