import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../db/orm.ts';
import { rateLimits } from '../db/schema/index.ts';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../testing/test-app.ts';
import { createWindowCounts } from './window-counts.ts';

describe.each(testDatabases())('hold windows counted in batches on %s', (kind) => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  const row = async (key: string) =>
    (await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

  it('answers each of a crowd its own count, in arrival order, per key', async () => {
    const count = createWindowCounts(t.database.db, 60);
    const keys = ['holdIp:a', 'holdIp:b', 'holdIp:a', 'holdIp:a', 'holdSession:a', 'holdIp:b', 'holdIp:a'];
    const answers = await Promise.all(keys.map((key) => count(key)));
    expect(answers).toEqual([1, 1, 2, 3, 1, 2, 4]);
    expect((await row('holdIp:a'))?.points).toBe(4);
    expect((await row('holdIp:b'))?.points).toBe(2);
    // The next visit goes on from there.
    expect(await count('holdIp:a')).toBe(5);
  });

  it('starts an ended window again at one, for a minute', async () => {
    const count = createWindowCounts(t.database.db, 60);
    await count('holdIp:ended');
    await count('holdIp:ended');
    await t.database.db
      .update(rateLimits)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'holdIp:ended'));
    expect(await count('holdIp:ended')).toBe(1);
    const kept = await row('holdIp:ended');
    const left = kept!.expire!.getTime() - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
  });

  it('fails the counts of a statement that fails, and counts again once the table is back', async () => {
    const count = createWindowCounts(t.database.db, 60);
    await t.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const failed = await Promise.allSettled([count('holdIp:x'), count('holdIp:x')]);
      expect(failed.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    } finally {
      await t.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect(await count('holdIp:x')).toBe(1);
  });
});
