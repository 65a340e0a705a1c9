import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { checksOutConnections } from './one-connection.ts';
import { sql } from './orm.ts';
import type { PgDatabase, PgQueryResultHKT } from './pg-core.ts';
import { statementKeepingClient } from './pg-statements.ts';
import { keepStatements } from './pglite-statements.ts';
import { commitsInOneMessage } from './with-transaction.ts';

/**
 * The one database type use-cases see, whichever driver sits underneath. Without drizzle's
 * relational queries (`db.query.<table>`, never used here): given the schema, drizzle built a
 * query builder per table for every transaction (issue 37: 0.5 % of the server's CPU, and its garbage).
 */
export type TDb = PgDatabase<PgQueryResultHKT>;

export type TDatabase = {
  db: TDb;
  /**
   * The same database, but commits return without waiting for the disk (PostgreSQL's
   * synchronous_commit=off). Only for state a database crash may forget without harm: cart holds,
   * which expire in minutes anyway. Atomicity is unchanged, so nothing can be half-written; orders
   * and payments always use `db`. On PGlite it is `db`.
   */
  relaxedDb: TDb;
  /**
   * The same database through a small pool of its own (PostgreSQL: 4 connections), for background
   * work (the outbox): it never waits behind a flood of requests for a connection, nor takes more
   * than its four from them. On PGlite it is `db`.
   */
  backgroundDb: TDb;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a session-level advisory lock, so two processes never do it at once. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start another database from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`), e.g. an already migrated one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** Told of a connection that broke (logged by the caller); the process keeps serving. */
  onConnectionError?: (error: Error) => void;
  /** TEST ONLY: no error listener on checked-out clients (the negative control of the connection-loss suite). */
  unsafeNoClientErrorListener?: boolean;
};

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when no dataDir). */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, max: number, options: TDatabaseOptions): Promise<TDatabase> {
  // Parameterised texts that recur are parsed once per connection and keep their plans (issue 37).
  const Client = statementKeepingClient();
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, Client });
  const relaxedPool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    Client,
    options: '-c synchronous_commit=off',
  });
  const backgroundPool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 10_000,
    Client,
  });
  // A client that errors must not crash the process: idle ones through the pool's 'error', and
  // checked-out ones (inside a request's transaction when its backend is terminated) through
  // their own listener, which node-postgres otherwise lacks; that request fails, the broken client
  // is dropped from the pool on release, and the next request gets a fresh connection.
  const report = (error: Error) => options.onConnectionError?.(error);
  for (const each of [pool, relaxedPool, backgroundPool]) {
    each.on('error', report);
    if (!options.unsafeNoClientErrorListener) each.on('connect', (client) => client.on('error', report));
  }
  const db = drizzleNodePg(pool) as TDb;
  const relaxedDb = drizzleNodePg(relaxedPool) as TDb;
  const backgroundDb = drizzleNodePg(backgroundPool) as TDb;
  for (const each of [db, relaxedDb, backgroundDb]) commitsInOneMessage(each);
  for (const [each, itsPool] of [
    [db, pool],
    [relaxedDb, relaxedPool],
  ] as const)
    checksOutConnections(each, async () => {
      const client = await itsPool.connect();
      const one = drizzleNodePg(client) as TDb;
      commitsInOneMessage(one);
      return { db: one, release: (lost) => client.release(lost) };
    });
  return {
    db,
    relaxedDb,
    backgroundDb,
    kind: 'postgres',
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), relaxedPool.end(), backgroundPool.end()]);
    },
  };
}

/**
 * Issue 18: PGlite's memory is a WebAssembly heap that grows and never shrinks, and PostgreSQL's
 * defaults filled it (128 MB of shared buffers alone: ~660 MB resident for a process that had
 * served a few minutes). The embedded database is small and hot in the OS cache anyway.
 */
const PGLITE_MEMORY = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=4MB',
];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<TDatabase> {
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
  });
  await client.waitReady;
  keepStatements(client);
  const db = drizzlePglite(client) as TDb;
  return {
    db,
    relaxedDb: db,
    backgroundDb: db,
    kind: 'pglite',
    // PGlite is one connection owned by this process: nothing else can race it.
    withLock: (_key, fn) => fn(),
    async ping() {
      await db.execute(sql`select 1`);
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
