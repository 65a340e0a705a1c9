import type { TDb } from './client.ts';

/**
 * A query built once per database and run with its placeholders' values (drizzle's `prepare`, with
 * `sql.placeholder` where the values go), so the query builder does not run for it again. Issue 37:
 * building a select of wide tables cost a purchase ~0.2–0.6 ms of the server's CPU each time (the
 * payment's answer, the confirmation e-mail's order). Meant for queries run on the pool: a
 * transaction's handle is new each time, so one built on it is built again.
 */
export function preparedPerDb<Q>(prepare: (db: TDb) => Q): (db: TDb) => Q {
  const built = new WeakMap<TDb, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}
