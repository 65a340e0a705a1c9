import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../db/orm.ts';
import { rateLimits } from '../db/schema/index.ts';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../testing/test-app.ts';
import { createWindowCounts } from './window-counts.ts';

describe.each(testDatabases())('throttle windows counted in batches on %s', (kind) => {
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
    await count.flush();
    expect((await row('holdIp:a'))?.points).toBe(4);
    expect((await row('holdIp:b'))?.points).toBe(2);
    // The next visit goes on from there.
    expect(await count('holdIp:a')).toBe(5);
  });

  it('writes its counts within a flush, in one statement, and a second process sees them', async () => {
    const count = createWindowCounts(t.database.db, 60);
    const other = createWindowCounts(t.database.db, 60);
    await Promise.all(Array.from({ length: 5 }, () => count('joinIp:shared')));
    await expect.poll(async () => (await row('joinIp:shared'))?.points, { timeout: 2_000 }).toBe(5);
    // The other process counts on from the table's total once its own count was written.
    expect(await other('joinIp:shared')).toBe(1);
    await other.flush();
    expect(await other('joinIp:shared')).toBe(7);
    // This one learns of the other's counts at its own next write: its view lags by up to a flush.
    expect(await count('joinIp:shared')).toBe(6);
    await other.flush();
    await count.flush();
    expect(await count('joinIp:shared')).toBe(9);
  });

  it('starts an ended window again at one', async () => {
    const count = createWindowCounts(t.database.db, 1);
    await count('holdIp:ended');
    expect(await count('holdIp:ended')).toBe(2);
    await count.flush();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await count('holdIp:ended')).toBe(1);
    await count.flush();
    expect((await row('holdIp:ended'))?.points).toBe(1);
  });

  it('keeps a window for its length', async () => {
    const count = createWindowCounts(t.database.db, 60);
    await count('holdIp:minute');
    await count.flush();
    const left = (await row('holdIp:minute'))!.expire!.getTime() - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
  });

  it('counts amounts and gives points back, never below zero nor into a window that is gone', async () => {
    const count = createWindowCounts(t.database.db, 60);
    expect(await count('holdIpEvent:a', 4)).toBe(4);
    await count.flush();
    expect(await count('holdIpEvent:a', -3)).toBe(1);
    await count.flush();
    expect((await row('holdIpEvent:a'))?.points).toBe(1);
    // Another process gave back more than this one knows of: the window stops at zero.
    await createWindowCounts(t.database.db, 60)('holdIpEvent:a', -5);
    await expect.poll(async () => (await row('holdIpEvent:a'))?.points, { timeout: 2_000 }).toBe(0);
    // Points given back for a key without a window write nothing.
    await count('holdIpEvent:none', -2);
    await count.flush();
    expect(await row('holdIpEvent:none')).toBeUndefined();
  });

  it('starts a reset key again (a captcha opened a fresh window)', async () => {
    const count = createWindowCounts(t.database.db, 60);
    for (let i = 0; i < 4; i += 1) await count('holdSession:reset');
    await count.flush();
    await count.reset('holdSession:reset');
    expect(await row('holdSession:reset')).toBeUndefined();
    expect(await count('holdSession:reset')).toBe(1);
    await count.flush();
    expect((await row('holdSession:reset'))?.points).toBe(1);
  });

  it('a reset made while counts of the key are on their way to the table is not undone by them', async () => {
    // The counter's statements wait for `open` (a busy database): a flush's counts stay in flight.
    let open = () => {};
    const slow = new Proxy(t.database.db, {
      get(target, name) {
        if (name !== 'execute') return Reflect.get(target, name);
        return async (...args: Parameters<typeof target.execute>) => {
          await new Promise<void>((resolve) => {
            open = resolve;
          });
          return target.execute(...args);
        };
      },
    });
    const inFlight = async (key: string) => {
      const count = createWindowCounts(slow, 60);
      for (let i = 0; i < 3; i += 1) await count(key);
      const written = count.flush();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { count, written };
    };

    // Control: the row deleted beside the statement in flight (what the throttles did) comes back
    // with the counts made before the captcha, and the fresh window starts spent.
    const control = await inFlight('holdIp:control');
    await t.database.db.delete(rateLimits).where(eq(rateLimits.key, 'holdIp:control'));
    open();
    await control.written;
    expect((await row('holdIp:control'))?.points).toBe(3);

    const { count, written } = await inFlight('holdIp:captcha');
    const reset = count.reset('holdIp:captcha');
    expect(await count('holdIp:captcha')).toBe(1);
    open();
    await written;
    // The reset's delete goes after the statement in flight, then the count made since.
    await expect
      .poll(async () => {
        open();
        return (await row('holdIp:captcha'))?.points;
      })
      .toBe(1);
    await reset;
    expect(await count('holdIp:captcha')).toBe(2);
  });

  it('keeps the counts of a statement that fails and writes them once the table is back', async () => {
    const count = createWindowCounts(t.database.db, 60);
    await t.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      expect(await count('holdIp:x')).toBe(1);
      expect(await count('holdIp:x')).toBe(2);
      await count.flush();
    } finally {
      await t.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect(await count('holdIp:x')).toBe(3);
    await count.flush();
    expect((await row('holdIp:x'))?.points).toBe(3);
  });

  it('stops writing once its database is closed (a stopping process), instead of retrying every flush', async () => {
    const own = await createTestDatabase(kind);
    let statements = 0;
    const db = new Proxy(own.database.db, {
      get(target, name) {
        if (name !== 'execute') return Reflect.get(target, name);
        return (...args: Parameters<typeof target.execute>) => {
          statements += 1;
          return target.execute(...args);
        };
      },
    });
    const count = createWindowCounts(db, 60);
    await count('holdIp:closing');
    await own.drop();
    // Counted after the close: the first write finds the database closed, and no write follows it.
    await count('holdIp:closing');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = statements;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(after).toBeGreaterThan(0);
    expect(statements).toBe(after);
  });
});
