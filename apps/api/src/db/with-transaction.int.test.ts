import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../testing/test-app.ts';
import { sql } from './orm.ts';
import { rows } from './rows.ts';
import { executeAndCommit, inTransaction, withTransaction } from './with-transaction.ts';

describe.each(testDatabases())('a transaction whose last statements carry its commit, on %s', (kind) => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.database.db.execute(sql`create table counters (id int primary key, n int not null)`);
  });
  afterAll(() => t.drop());
  beforeEach(async () => {
    await t.database.db.execute(sql`truncate counters`);
    await t.database.db.execute(sql`insert into counters values (1, 0), (2, 0)`);
  });
  const counts = async () =>
    (await rows<{ id: number; n: number }>(t.database.db, sql`select id, n from counters order by id`)).map(
      (row) => row.n,
    );

  it('commits what the transaction wrote before them and what they write, and answers its result', async () => {
    const answer = await withTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`update counters set n = n + 1 where id = ${1}`);
      await executeAndCommit(tx, [
        sql`update counters set n = n + ${5} where id = ${2}`,
        sql`update counters set n = n + ${2} where id = ${1}`,
      ]);
      return 'paid';
    });
    expect(answer).toBe('paid');
    expect(await counts()).toEqual([3, 5]);
  });

  it('writes nothing when one of them fails, and the error reaches the caller', async () => {
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await tx.execute(sql`update counters set n = n + 1 where id = ${1}`);
        await executeAndCommit(tx, [
          sql`update counters set n = n + ${5} where id = ${2}`,
          sql`update counters set n = n / ${0} where id = ${1}`,
        ]);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } }); // division by zero
    expect(await counts()).toEqual([0, 0]);
  });

  it('refuses a value that is not an integer, with nothing written', async () => {
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await tx.execute(sql`update counters set n = n + 1 where id = ${1}`);
        await executeAndCommit(tx, [
          sql`update counters set n = length(${"1'; drop table counters; --"}) where id = ${2}`,
        ]);
      }),
    ).rejects.toThrow(/only integers/);
    expect(await counts()).toEqual([0, 0]);
  });

  it('inside another transaction, commits nothing of it: the outer one still decides', async () => {
    await expect(
      inTransaction(t.database.db, async (outer) => {
        await withTransaction(outer, async (tx) => {
          await executeAndCommit(tx, [sql`update counters set n = n + ${7} where id = ${1}`]);
        });
        throw new Error('the outer transaction fails after');
      }),
    ).rejects.toThrow(/outer/);
    expect(await counts()).toEqual([0, 0]);
  });
});
