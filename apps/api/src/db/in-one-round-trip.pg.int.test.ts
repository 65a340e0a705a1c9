import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { entriesDatabase } from '../testing/counted-pool.ts';
import { inOneRoundTrip } from './in-one-round-trip.ts';
import { type SQL, sql } from './orm.ts';
import { statementKeepingClient } from './pg-statements.ts';
import { answerAndCommit, withTransaction } from './with-transaction.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite has no round trips).
describe('statements sent together in one round trip, on PostgreSQL', () => {
  const database = entriesDatabase('at timestamptz');

  const insert = (id: number) => sql`insert into entries (id, at) values (${id}, now())`;
  const count = () => sql`select count(*)::int as n from entries where id > ${0}`;
  const lock = (id: number) => sql`select id, at from entries where id = ${id} for update`;

  /** A pool of ONE connection, the round trips it makes, and its statements parsed (named after two runs). */
  async function onePool(Client: typeof pg.Client = statementKeepingClient()) {
    const { db, trips } = database.pool(Client);
    return {
      db,
      async warm(statements: SQL[]) {
        for (let run = 0; run < 3; run += 1)
          await db
            .transaction(async (tx) => {
              for (const statement of statements) await tx.execute(statement);
              tx.rollback();
            })
            .catch(() => {});
      },
      async tripsOf(fn: () => Promise<unknown>) {
        const before = trips();
        await fn();
        return trips() - before;
      },
    };
  }
  const { entries, seenByOther } = database;

  it("sends parsed statements in one write, with the transaction's BEGIN, and answers each one's rows", async () => {
    const { db, warm, tripsOf } = await onePool();
    await db.execute(insert(1));
    await warm([lock(1), insert(2), count()]);
    let answers: unknown[][] = [];
    let seenInside = -1;
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        answers = await inOneRoundTrip(tx, [lock(1), insert(2), count()]);
        seenInside = await seenByOther();
      }),
    );
    // BEGIN and the three statements, the count of another connection (not on this pool), COMMIT.
    expect(trips).toBe(2);
    expect(seenInside).toBe(1);
    expect(answers).toHaveLength(3);
    expect(answers[0]).toEqual([{ id: 1, at: expect.any(String) }]);
    expect(answers[1]).toEqual([]);
    // The count runs after the insert, in the same transaction: it sees it.
    expect(answers[2]).toEqual([{ n: 2 }]);
    expect(await entries()).toEqual([1, 2]);
  });

  it('(negative control) the same statements one by one cost a round trip each', async () => {
    const { db, warm, tripsOf } = await onePool();
    await db.execute(insert(1));
    await warm([lock(1), insert(2), count()]);
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        for (const statement of [lock(1), insert(2), count()]) await tx.execute(statement);
      }),
    );
    expect(trips).toBe(4);
  });

  it('runs them one by one, with the same answers, until the connection has parsed them', async () => {
    const { db, tripsOf } = await onePool();
    await db.execute(insert(1));
    let answers: unknown[][] = [];
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        answers = await inOneRoundTrip(tx, [insert(3), count()]);
      }),
    );
    expect(trips).toBeGreaterThanOrEqual(3);
    expect(answers).toEqual([[], [{ n: 2 }]]);
  });

  it('rolls back all of it when a statement fails, runs none after it, and the connection serves the next', async () => {
    const { db, warm } = await onePool();
    await warm([insert(1), insert(2), insert(3)]);
    await db.execute(insert(2));
    await expect(
      db.transaction(async (tx) => {
        await inOneRoundTrip(tx, [insert(1), insert(2), insert(3)]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await entries()).toEqual([2]);
    await db.transaction(async (tx) => {
      await inOneRoundTrip(tx, [insert(1), insert(3)]);
    });
    expect(await entries()).toEqual([1, 2, 3]);
  });

  it('fails with nothing sent when a value cannot be sent, and the transaction rolls back', async () => {
    const { db, warm } = await onePool();
    const json = (value: unknown) =>
      sql`insert into entries (id) select ${9} where ${value}::jsonb is not null`;
    await warm([insert(8), json({})]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(insert(7));
        await inOneRoundTrip(tx, [insert(8), json(circular)]);
      }),
    ).rejects.toThrow();
    expect(await entries()).toEqual([]);
    // The connection is outside any transaction: a statement on its own commits at once.
    await db.execute(insert(6));
    expect(await seenByOther()).toBe(1);
  });

  it('works on a plain node-postgres client too, one by one', async () => {
    const { db, tripsOf } = await onePool(pg.Client);
    let answers: unknown[][] = [];
    const trips = await tripsOf(() =>
      db.transaction(async (tx) => {
        answers = await inOneRoundTrip(tx, [insert(4), count()]);
      }),
    );
    expect(trips).toBe(4);
    expect(answers).toEqual([[], [{ n: 1 }]]);
  });

  describe("a transaction's last statements with its COMMIT (answerAndCommit)", () => {
    // onePool's transactions may commit with their last statements (countedPool registers its pool).
    /** Parses the statements on the connection, and its kept COMMIT (a committed transaction). */
    async function warmWithCommit(made: Awaited<ReturnType<typeof onePool>>, statements: SQL[]) {
      await made.warm(statements);
      await made.db.transaction(async (tx) => {
        await tx.execute(count());
      });
    }

    it('sends them and the COMMIT in one round trip, answers their rows, and the work is committed before drizzle commits', async () => {
      const made = await onePool();
      await warmWithCommit(made, [insert(2), count()]);
      let answers: unknown[][] = [];
      let seenBeforeReturn = -1;
      const trips = await made.tripsOf(() =>
        withTransaction(made.db, async (tx) => {
          await tx.execute(insert(1));
          answers = await answerAndCommit(tx, [insert(2), count()]);
          seenBeforeReturn = await seenByOther();
        }),
      );
      // BEGIN with the first insert; the second, the count and the COMMIT; drizzle's COMMIT answered here.
      expect(trips).toBe(2);
      expect(seenBeforeReturn).toBe(2);
      expect(answers).toEqual([[], [{ n: 2 }]]);
      expect(await entries()).toEqual([1, 2]);
    });

    it('(negative control) inOneRoundTrip leaves the COMMIT to a round trip of its own', async () => {
      const made = await onePool();
      await warmWithCommit(made, [insert(2), count()]);
      let seenBeforeReturn = -1;
      const trips = await made.tripsOf(() =>
        withTransaction(made.db, async (tx) => {
          await tx.execute(insert(1));
          await inOneRoundTrip(tx, [insert(2), count()]);
          seenBeforeReturn = await seenByOther();
        }),
      );
      expect(trips).toBe(3);
      expect(seenBeforeReturn).toBe(0);
    });

    it('runs no COMMIT when a statement fails: the whole transaction rolls back and the connection serves the next', async () => {
      const made = await onePool();
      await warmWithCommit(made, [insert(1), insert(2), insert(3)]);
      await made.db.execute(insert(2));
      await expect(
        withTransaction(made.db, async (tx) => {
          await tx.execute(insert(1));
          await answerAndCommit(tx, [insert(2), insert(3)]);
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await entries()).toEqual([2]);
      await withTransaction(made.db, async (tx) => {
        await answerAndCommit(tx, [insert(1), insert(3)]);
      });
      expect(await entries()).toEqual([1, 2, 3]);
    });

    it('sends them without the COMMIT, which follows as usual, until the connection has parsed its kept COMMIT', async () => {
      const made = await onePool();
      // Parsed statements, but every transaction so far rolled back: no kept COMMIT yet.
      await made.warm([insert(2), count()]);
      let answers: unknown[][] = [];
      let seenBeforeReturn = -1;
      const trips = await made.tripsOf(() =>
        withTransaction(made.db, async (tx) => {
          answers = await answerAndCommit(tx, [insert(2), count()]);
          seenBeforeReturn = await seenByOther();
        }),
      );
      expect(trips).toBe(2);
      expect(seenBeforeReturn).toBe(0);
      expect(answers).toEqual([[], [{ n: 1 }]]);
      expect(await entries()).toEqual([2]);
    });

    /** Ends the connection that runs it when `kill` is true (the same text either way: parsed once). */
    const killOwnConnectionIf = (kill: boolean) =>
      sql`select pg_terminate_backend(pg_backend_pid()) where ${kill}::boolean`;

    it('is never run again when its connection is lost while the message is under way (it may have committed)', async () => {
      const made = await onePool();
      await warmWithCommit(made, [insert(1), killOwnConnectionIf(false)]);
      let runs = 0;
      await expect(
        withTransaction(made.db, async (tx) => {
          runs += 1;
          await answerAndCommit(tx, [insert(1), killOwnConnectionIf(true)]);
        }),
      ).rejects.toThrow();
      expect(runs).toBe(1);
    });

    it('(negative control) lost in statements sent without the COMMIT, the transaction runs again', async () => {
      const made = await onePool();
      await warmWithCommit(made, [insert(1), killOwnConnectionIf(false)]);
      let runs = 0;
      await withTransaction(made.db, async (tx) => {
        runs += 1;
        await inOneRoundTrip(tx, [insert(1), killOwnConnectionIf(runs === 1)]);
      });
      expect(runs).toBe(2);
      expect(await entries()).toEqual([1]);
    });
  });
});
