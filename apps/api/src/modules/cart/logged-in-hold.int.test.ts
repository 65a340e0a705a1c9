import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../../testing/test-app.ts';
import { addToCart } from './add-to-cart.ts';

/** An account that may hold up to 100 units at once. */
async function accountOf(db: TDb) {
  const [user] = await rows<{ id: string }>(
    db,
    sql`insert into users (name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
        values ('Ana', 'ana@example.com', '52998224725', 1, '1990-01-01', '55', '11999990000', 'x')
        returning id`,
  );
  return { userId: user!.id, maxUnits: 100 };
}

/** A logged-in buyer's first add, from a new session. */
const holdAs = (db: TDb, account: { userId: string; maxUnits: number }, lotId: number, quantity = 1) =>
  addToCart(
    { db, holdSeconds: 600, stockMode: 'conditional', locale: 'pt-BR', account },
    { lotId, quantity, sessionId: null, controlledPlaceId: null },
  );

// Issue 37: a logged-in hold ends with its take, the COMMIT in the same message on PostgreSQL
// (stock.ts holdLotUnitsAndCommit); a take with no room fails there and the hold starts again on the slow path.
describe.each(testDatabases())("a logged-in buyer's hold, ending with its take, on %s", (kind) => {
  let t: TTestDatabase;
  let account: { userId: string; maxUnits: number };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    account = await accountOf(t.database.db);
  });
  afterAll(() => t.drop());

  const lotState = async (lotId: number) =>
    (
      await rows<{ held: number; carts: number; holds: number }>(
        t.database.db,
        sql`select l.held,
              (select count(*)::int from carts c where exists (select 1 from cart_holds h where h.cart_id = c.id)
                 or c.user_id is not null) as carts,
              (select count(*)::int from cart_holds h where h.lot_id = l.id and not h.released) as holds
            from ticket_lots l where l.id = ${lotId}`,
      )
    )[0]!;

  it('holds while the lot has room, then refuses with its message and keeps neither a cart nor a count', async () => {
    const db = t.database.db;
    const { lotId } = await createCartFixture(db, { lotCapacity: 5 });
    // Enough holds for PostgreSQL's connections to have parsed the statement and their kept COMMIT.
    for (let n = 0; n < 5; n += 1) await holdAs(db, account, lotId);
    const full = await lotState(lotId);
    expect(full.held).toBe(5);
    expect(full.holds).toBe(5);
    await expect(holdAs(db, account, lotId)).rejects.toMatchObject({ code: 'lot_sold_out' });
    await expect(holdAs(db, account, lotId, 2)).rejects.toMatchObject({ code: 'lot_sold_out' });
    // The refused holds' carts were rolled back with their takes: nothing more than before.
    expect(await lotState(lotId)).toEqual(full);
  });

  it('takes the units of expired holds when the lot has no other room (the second attempt reclaims them)', async () => {
    const db = t.database.db;
    const { lotId } = await createCartFixture(db, { lotCapacity: 4 });
    for (let n = 0; n < 4; n += 1) await holdAs(db, account, lotId);
    // Two of them lapse: their units are held still, until a take reclaims them.
    await db.execute(
      sql`update cart_holds set expires_at = now() - interval '1 second'
          where id in (select id from cart_holds where lot_id = ${lotId} order by id limit 2)`,
    );
    await holdAs(db, account, lotId, 2);
    const after = await lotState(lotId);
    expect(after.held).toBe(4);
    expect(after.holds).toBe(3);
    await expect(holdAs(db, account, lotId)).rejects.toMatchObject({ code: 'lot_sold_out' });
  });

  it("refuses what is more than the lot has free with the lot's own words", async () => {
    const db = t.database.db;
    const { lotId } = await createCartFixture(db, { lotCapacity: 3 });
    for (let n = 0; n < 2; n += 1) await holdAs(db, account, lotId);
    await expect(holdAs(db, account, lotId, 2)).rejects.toMatchObject({ code: 'lot_insufficient' });
    expect((await lotState(lotId)).held).toBe(2);
    await holdAs(db, account, lotId);
    expect((await lotState(lotId)).held).toBe(3);
  });
});
