import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { entriesDatabase } from '../testing/counted-pool.ts';
import { sql } from './orm.ts';
import { statementKeepingClient } from './pg-statements.ts';
import { executeAndCommit, withTransaction } from './with-transaction.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite has no round trips).
describe("a transaction's BEGIN and COMMIT without round trips of their own, on PostgreSQL", () => {
  const database = entriesDatabase();

  /** A pool of ONE connection (so each transaction reuses it), and the round trips it makes. */
  async function onePool(Client: typeof pg.Client = statementKeepingClient()) {
    const { db, trips } = database.pool(Client);
    // The connection's first transaction sends its BEGIN on its own, which parses the kept one.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
    });
    return {
      db,
      async tripsOf(fn: () => Promise<unknown>) {
        const before = trips();
        await fn().catch(() => {});
        return trips() - before;
      },
    };
  }
  const { entries, seenByOther } = database;

  it('sends BEGIN with the first statement: one round trip fewer, and the transaction is still one', async () => {
    const { db, tripsOf } = await onePool();
    let seenInside = -1;
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${1})`);
        await tx.execute(sql`insert into entries values (${2})`);
        seenInside = await seenByOther();
      }),
    );
    expect(trips).toBe(3); // first statement with BEGIN, second statement, COMMIT
    expect(seenInside).toBe(0);
    expect(await entries()).toEqual([1, 2]);
  });

  it('(negative control) node-postgres alone spends a round trip on BEGIN', async () => {
    const { db, tripsOf } = await onePool(pg.Client);
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${1})`);
        await tx.execute(sql`insert into entries values (${2})`);
      }),
    );
    expect(trips).toBe(4);
  });

  it('rolls back everything when a later statement fails, and the connection serves the next transaction', async () => {
    const { db } = await onePool();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${1})`);
        await tx.execute(sql`insert into entries values (${1})`);
      }),
    ).rejects.toThrow();
    expect(await entries()).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into entries values (${3})`);
    });
    expect(await entries()).toEqual([3]);
  });

  it('rolls back when the first statement fails, and when the code throws after it', async () => {
    const { db } = await onePool();
    await db.execute(sql`insert into entries values (${1})`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${1})`);
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${2})`);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await entries()).toEqual([1]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into entries values (${4})`);
    });
    expect(await entries()).toEqual([1, 4]);
  });

  it('rolls back when a value cannot be sent (node-postgres fails before writing the statement)', async () => {
    const { db } = await onePool();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries select ${7} where ${circular}::jsonb is not null`);
      }),
    ).rejects.toThrow();
    // Its ROLLBACK was sent, not answered here: the connection is outside any transaction, so a
    // statement on its own is committed at once.
    await db.execute(sql`insert into entries values (${6})`);
    expect(await seenByOther()).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into entries values (${8})`);
        await tx.execute(sql`insert into entries select ${9} where ${circular}::jsonb is not null`);
      }),
    ).rejects.toThrow();
    expect(await entries()).toEqual([6]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into entries values (${5})`);
    });
    expect(await entries()).toEqual([5, 6]);
  });

  it('keeps a first statement without parameters inside the transaction (BEGIN sent before it, as usual)', async () => {
    const { db } = await onePool();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw('insert into entries values (10); insert into entries values (11)'));
        expect(await seenByOther()).toBe(0);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await entries()).toEqual([]);
  });

  it('sends nothing for a transaction that sent nothing, committed or rolled back', async () => {
    const { db, tripsOf } = await onePool();
    expect(await tripsOf(() => db.transaction(async () => {}))).toBe(0);
    expect(
      await tripsOf(() =>
        db.transaction(async () => {
          throw new Error('before any statement');
        }),
      ),
    ).toBe(0);
    expect(await tripsOf(() => db.execute(sql`select ${1}::int`))).toBe(1);
  });

  it("answers drizzle's COMMIT after executeAndCommit's message without a round trip; the work is committed", async () => {
    const { db, tripsOf } = await onePool();
    let seenBeforeAnswer = -1;
    const trips = await tripsOf(() =>
      withTransaction(db, async (tx) => {
        await tx.execute(sql`insert into entries values (${1})`);
        await executeAndCommit(tx, [sql`insert into entries values (${2})`]);
        seenBeforeAnswer = await seenByOther();
      }),
    );
    expect(trips).toBe(2); // first statement with BEGIN, the message with its COMMIT
    expect(seenBeforeAnswer).toBe(2);
    expect(await entries()).toEqual([1, 2]);
    // The connection is outside any transaction: the next one begins afresh.
    await expect(
      withTransaction(db, async (tx) => {
        await tx.execute(sql`insert into entries values (${3})`);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await entries()).toEqual([1, 2]);
  });
});
