import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../testing/test-app.ts';
import { sql } from './orm.ts';
import { rows } from './rows.ts';
import { executeAndCommit, withTransaction } from './with-transaction.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server: PGlite has one
// connection, so nothing ever waits for another's lock there, and its statements run as usual.
describe('a transaction whose last statements carry its commit, on PostgreSQL', () => {
  let t: TTestDatabase;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await t.database.db.execute(sql`create table counters (id int primary key, n int not null)`);
    other = new pg.Client({ connectionString: t.url });
    await other.connect();
    // Another buyer's statement gives up after 300 ms of waiting for a row's lock.
    await other.query(`set lock_timeout = '300ms'`);
  });
  afterAll(async () => {
    await other.end();
    await t.drop();
  });
  beforeEach(async () => {
    await t.database.db.execute(sql`truncate counters`);
    await t.database.db.execute(sql`insert into counters values (1, 0)`);
  });

  /** Inside the transaction, once `last` ran: can another connection update the row meanwhile? */
  async function othersWaitAfter(
    last: (tx: Parameters<Parameters<typeof withTransaction>[1]>[0]) => Promise<void>,
  ) {
    let answer: 'updated' | 'waited' = 'waited';
    await withTransaction(t.database.db, async (tx) => {
      await last(tx);
      answer = await other
        .query('update counters set n = n + 100 where id = 1')
        .then(() => 'updated' as const)
        .catch((error: { code?: string }) => {
          if (error.code !== '55P03') throw error;
          return 'waited' as const;
        });
    });
    return answer;
  }

  it("releases the row's lock when its message returns, before this process answers anything", async () => {
    expect(
      await othersWaitAfter((tx) =>
        executeAndCommit(tx, [sql`update counters set n = n + ${1} where id = ${1}`]),
      ),
    ).toBe('updated');
    expect(await rows(t.database.db, sql`select n from counters where id = 1`)).toEqual([{ n: 101 }]);
  });

  it('(negative control) the same update sent alone keeps the lock until the commit after it', async () => {
    expect(
      await othersWaitAfter(async (tx) => {
        await tx.execute(sql`update counters set n = n + ${1} where id = ${1}`);
      }),
    ).toBe('waited');
  });

  const killOwnConnection = sql`select pg_terminate_backend(pg_backend_pid())`;

  it('is never run again when its connection is lost while the message is under way (it may have committed)', async () => {
    let runs = 0;
    await expect(
      withTransaction(t.database.db, async (tx) => {
        runs += 1;
        await executeAndCommit(tx, [killOwnConnection]);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });

  it('(negative control) a transaction that lost its connection before its commit was sent runs again', async () => {
    let runs = 0;
    await withTransaction(t.database.db, async (tx) => {
      runs += 1;
      if (runs === 1) await tx.execute(killOwnConnection);
    });
    expect(runs).toBe(2);
  });
});
