import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { TDb } from '../db/client.ts';
import { sql } from '../db/orm.ts';
import { rows } from '../db/rows.ts';
import { commitsInOneMessage } from '../db/with-transaction.ts';
import { createTestDatabase, type TTestDatabase } from './test-app.ts';

/**
 * Pages of `tables` read so far in this database, their indexes' included, with this backend's
 * counts flushed first: how a test that keeps a statement's plan tells an index probe (a few pages)
 * from a scan of a table that grew (hundreds).
 */
export async function pagesRead(db: TDb, tables: string[]): Promise<number> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(heap_blks_hit + heap_blks_read + coalesce(idx_blks_hit, 0) + coalesce(idx_blks_read, 0)), 0)::int as n
        from pg_statio_user_tables where relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})`,
  );
  return row!.n;
}

/**
 * A pool of ONE connection to `url` (so each transaction reuses it) through `Client`, as the
 * server's pools are made (client.ts), and the round trips it has made: each ReadyForQuery
 * PostgreSQL sent it. `commitInMessage: false`: its transactions never send their COMMIT with their
 * last statements (what a test compares that with).
 */
export function countedPool(url: string, Client: typeof pg.Client, { commitInMessage = true } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 1, Client });
  // The database is dropped (with force) once the pools have ended: a connection still closing may hear of it.
  pool.on('error', () => {});
  let trips = 0;
  pool.on('connect', (client) => {
    // A test that ends its own connection (pg_terminate_backend) hears of it here too, as the server's pools do.
    client.on('error', () => {});
    (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => {
      trips += 1;
    });
  });
  const db = drizzle(pool) as unknown as TDb;
  if (commitInMessage) commitsInOneMessage(db);
  return { pool, db, trips: () => trips };
}

/**
 * The round-trip tests of db/: registers, in the calling `describe`, a PostgreSQL database of its
 * own with a table `entries (id int primary key, <columns>)`, emptied before each test, and a
 * connection of its own to look at it from outside the transactions under test.
 */
export function entriesDatabase(columns = '') {
  let t: TTestDatabase;
  let other: pg.Client;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await t.database.db.execute(
      sql.raw(`create table entries (id int primary key${columns ? `, ${columns}` : ''})`),
    );
    other = new pg.Client({ connectionString: t.url });
    await other.connect();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await other.end();
    await t.drop();
  });
  beforeEach(async () => {
    await t.database.db.execute(sql`truncate entries`);
  });
  return {
    /** The database itself, through the test's own pool. */
    db: () => t.database.db,
    /** A counted pool of one connection to it (countedPool), ended after the tests. */
    pool(Client: typeof pg.Client) {
      const made = countedPool(t.url!, Client);
      pools.push(made.pool);
      return made;
    },
    /** The ids in `entries`, in order. */
    entries: async () =>
      (await rows<{ id: number }>(t.database.db, sql`select id from entries order by id`)).map(
        (row) => row.id,
      ),
    /** How many rows another connection sees (what is committed). */
    seenByOther: async () =>
      (await other.query('select count(*)::int as n from entries')).rows[0].n as number,
  };
}
