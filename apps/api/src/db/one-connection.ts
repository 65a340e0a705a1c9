import type { TDb } from './client.ts';
import { isConnectionLost } from './connection-errors.ts';

/** One connection of a pool, checked out, as a database of its own. */
export type TCheckedOut = { db: TDb; release(lost?: Error): void };

/** PostgreSQL pools (client.ts) and how to check out one of their connections. */
const checkouts = new WeakMap<TDb, () => Promise<TCheckedOut>>();
/** A checked-out connection's database, and the pool it came from. */
const pools = new WeakMap<TDb, TDb>();

/** client.ts, for each PostgreSQL pool it opens. */
export function checksOutConnections(pool: TDb, checkout: () => Promise<TCheckedOut>): void {
  checkouts.set(pool, async () => {
    const one = await checkout();
    pools.set(one.db, pool);
    return one;
  });
}

/**
 * The pool a checked-out connection came from (any other database is its own): what a cache
 * kept per database keys on, so that a call on one connection shares the process's cache.
 */
export function poolOf(db: TDb): TDb {
  return pools.get(db) ?? db;
}

/**
 * Runs `fn` on one connection of `db`'s pool, checked out once for all of it: its transaction and
 * the reads after its commit never wait for the pool again. A call whose answer is read after it
 * commits (a logged-in hold: the cart) could otherwise commit and then fail on the read, when the
 * pool is so busy that a connection takes longer than its timeout (the on-sale day's overload:
 * a `503` for a hold that was kept). On PGlite (one connection anyway) `fn` gets `db` itself.
 *
 * A transaction inside it that loses its connection is retried on the same, broken, one and
 * fails: the call answers 503 as a lost connection does, and the connection is dropped.
 */
export async function withOneConnection<T>(db: TDb, fn: (db: TDb) => Promise<T>): Promise<T> {
  const checkout = checkouts.get(db);
  if (!checkout) return fn(db);
  const one = await checkout();
  let lost: Error | undefined;
  try {
    return await fn(one.db);
  } catch (error) {
    if (isConnectionLost(error)) lost = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    one.release(lost);
  }
}
