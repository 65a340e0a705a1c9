import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { newCartId, newSessionId } from '../../db/ids.ts';
import { eq, type SQL } from '../../db/orm.ts';
import { PgDialect } from '../../db/pg-core.ts';
import { cartHolds, carts, ticketLots } from '../../db/schema/index.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../../testing/test-app.ts';
import { holdForNewCart } from './new-cart-holds.ts';
import type { TLotOwner } from './stock-new-carts.ts';

type TFault = 'answer lost after the commit' | 'lost before reaching the database';

const dialect = new PgDialect();

/**
 * The database as the batcher sees it, counting the hold statements it sends (those creating
 * carts) and, for those numbered in `faults`, losing the connection before or after one ran.
 */
function watched(db: TDb, faults: Record<number, TFault> = {}) {
  let statements = 0;
  const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'execute') {
        return async (query: SQL) => {
          if (!dialect.sqlToQuery(query).sql.includes('insert into carts')) return target.execute(query);
          statements += 1;
          const fault = faults[statements];
          if (fault === 'lost before reaching the database') throw lost();
          const result = await target.execute(query);
          if (fault === 'answer lost after the commit') throw lost();
          return result;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy as TDb, statements: () => statements };
}

describe.each(testDatabases())('new buyers of one lot held together on %s', (kind) => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  async function lotOf(capacity: number): Promise<TLotOwner> {
    const fixture = await createCartFixture(t.database.db, { lotCapacity: capacity });
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, fixture.lotId));
    return { lotId: fixture.lotId, ticketId: lot!.ticketId, eventId: fixture.eventId };
  }

  const buyer = (quantity: number, sessionId = newSessionId()) => ({
    cartId: newCartId(),
    sessionId,
    quantity,
    expiresAt: new Date(Date.now() + 900_000),
  });

  /** The lot's counters and what the hold rows say, which must agree. */
  async function stock(lotId: number) {
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
    const holds = await t.database.db
      .select({ cartId: cartHolds.cartId, quantity: cartHolds.quantity, sessionId: carts.sessionId })
      .from(cartHolds)
      .innerJoin(carts, eq(carts.id, cartHolds.cartId))
      .where(eq(cartHolds.lotId, lotId));
    return { held: lot!.held, holds };
  }

  it('gives each buyer of a crowd a cart of their own, in two statements instead of one per buyer', async () => {
    const lot = await lotOf(200);
    const { db, statements } = watched(t.database.db);
    const buyers = Array.from({ length: 30 }, (_, i) => buyer(1 + (i % 2)));
    const answers = await Promise.all(buyers.map((b) => holdForNewCart(db, lot, b)));

    // The first goes at once, alone; the 29 who arrived meanwhile go together.
    expect(statements()).toBe(2);
    expect(answers.map((answer) => answer?.cartId)).toEqual(buyers.map((b) => b.cartId));
    const units = buyers.reduce((sum, b) => sum + b.quantity, 0);
    const after = await stock(lot.lotId);
    expect(after.held).toBe(units);
    expect(after.holds.map((h) => [h.cartId, h.sessionId, h.quantity]).sort()).toEqual(
      buyers.map((b) => [b.cartId, b.sessionId, b.quantity]).sort(),
    );
    // Each answer carries the lot's counters after its statement.
    expect(answers[29]!.held).toBe(units);
  });

  it('serves buyers in arrival order while units remain when a batch does not fit whole', async () => {
    const lot = await lotOf(5);
    const quantities = [2, 2, 2, 1, 1, 1, 1, 1];
    const buyers = quantities.map((quantity) => buyer(quantity));
    const answers = await Promise.all(buyers.map((b) => holdForNewCart(t.database.db, lot, b)));

    // 2 goes alone (3 left); then 2 fits (1 left), the next 2 does not, 1 fits (none left).
    expect(answers.map((answer) => answer !== null)).toEqual([
      true,
      true,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    const after = await stock(lot.lotId);
    expect(after.held).toBe(5);
    expect(after.holds.map((h) => h.cartId).sort()).toEqual(
      [buyers[0]!, buyers[1]!, buyers[3]!].map((b) => b.cartId).sort(),
    );
  });

  it('does not fail a batch for one buyer whose cart cannot be created: the others get theirs', async () => {
    const lot = await lotOf(50);
    const taken = buyer(1);
    expect(await holdForNewCart(t.database.db, lot, taken)).not.toBeNull();
    // The third buyer reuses a session that already owns a cart (the carts' unique session).
    const buyers = [buyer(1), buyer(1), buyer(1, taken.sessionId), buyer(1)];
    const answers = await Promise.allSettled(buyers.map((b) => holdForNewCart(t.database.db, lot, b)));

    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const after = await stock(lot.lotId);
    expect(after.held).toBe(4);
    expect(after.holds).toHaveLength(4);
  });

  it('answers buyers from what committed when the answer is lost, and never takes their units twice', async () => {
    const lot = await lotOf(100);
    // The lone first statement and the batch after it both commit, and both answers are lost.
    const { db } = watched(t.database.db, {
      1: 'answer lost after the commit',
      2: 'answer lost after the commit',
    });
    const buyers = Array.from({ length: 6 }, () => buyer(2));
    const answers = await Promise.all(buyers.map((b) => holdForNewCart(db, lot, b)));

    expect(answers.map((answer) => answer?.cartId)).toEqual(buyers.map((b) => b.cartId));
    const after = await stock(lot.lotId);
    expect(after.held).toBe(12);
    expect(after.holds).toHaveLength(6);
  });

  it('lets each buyer try again alone when the batch never reached the database', async () => {
    const lot = await lotOf(100);
    const { db } = watched(t.database.db, { 2: 'lost before reaching the database' });
    const buyers = Array.from({ length: 5 }, () => buyer(1));
    const answers = await Promise.all(buyers.map((b) => holdForNewCart(db, lot, b)));

    expect(answers.map((answer) => answer?.cartId)).toEqual(buyers.map((b) => b.cartId));
    const after = await stock(lot.lotId);
    expect(after.held).toBe(5);
    expect(after.holds).toHaveLength(5);
  });
});
