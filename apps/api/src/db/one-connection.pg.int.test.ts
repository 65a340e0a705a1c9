import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../testing/test-app.ts';
import { openDatabase, type TDatabase, type TDb } from './client.ts';
import { withOneConnection } from './one-connection.ts';
import { sql } from './orm.ts';
import { rows } from './rows.ts';
import { withTransaction } from './with-transaction.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite has one
// connection: withOneConnection hands it over as it is).
describe('a call on one connection of the pool, on PostgreSQL', () => {
  let t: TTestDatabase;
  /** A pool of one connection: any other request that asks for it meanwhile waits. */
  let small: TDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    small = await openDatabase({ url: t.url, poolSize: 1 });
    await small.db.execute(sql`create table holds (id serial primary key)`);
  });
  afterAll(async () => {
    await small.close();
    await t.drop();
  });

  /**
   * A hold as the cart's route makes it: a transaction, then the answer read after its commit,
   * while another request asks the pool for a connection in between. Answers which finished first.
   */
  async function holdThenAnswer(run: (fn: (db: TDb) => Promise<void>) => Promise<void>) {
    const finished: string[] = [];
    let other: Promise<unknown> = Promise.resolve();
    await run(async (db) => {
      await withTransaction(db, (tx) => tx.execute(sql`insert into holds default values`));
      other = small.db.execute(sql`select pg_sleep(0.3)`).then(() => finished.push('the other request'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await rows(db, sql`select count(*)::int as n from holds`);
      finished.push('the answer');
    });
    await other;
    return finished;
  }

  it('reads the answer after the commit on its own connection, never behind the pool', async () => {
    expect(await holdThenAnswer((fn) => withOneConnection(small.db, fn))).toEqual([
      'the answer',
      'the other request',
    ]);
  });

  it('(negative control) on the pool, the answer waits for whoever asked for a connection meanwhile', async () => {
    expect(await holdThenAnswer((fn) => fn(small.db))).toEqual(['the other request', 'the answer']);
  });

  it('drops a connection that was lost, and the next call gets a working one', async () => {
    await expect(
      withOneConnection(small.db, (db) => db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)),
    ).rejects.toThrow();
    expect(await withOneConnection(small.db, (db) => rows(db, sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
