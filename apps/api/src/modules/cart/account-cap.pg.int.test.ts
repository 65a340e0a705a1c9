import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { statementKeepingClient } from '../../db/pg-statements.ts';
import { rows } from '../../db/rows.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { countedPool, pagesRead } from '../../testing/counted-pool.ts';
import { createTestDatabase, type TTestDatabase } from '../../testing/test-app.ts';
import { checkAccountCap } from './account-cap.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite keeps no plan).
describe("a logged-in hold's account cap, on PostgreSQL", () => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  it("reads only the account's carts and their holds once the carts grow from a few to thousands, as at an on-sale's opening", async () => {
    // One connection through the server's own client: the statement is kept there and would get a
    // generic plan after five runs, made while the table had a few rows.
    const { pool, db } = countedPool(t.url!, statementKeepingClient());
    const [user] = await rows<{ id: string }>(
      db,
      sql`insert into users (name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
          values ('Ana', 'ana@example.com', '52998224725', 1, '1990-01-01', '55', '11999990000', 'x')
          returning id`,
    );
    const f = await createCartFixture(t.database.db, { lotCapacity: 100_000 });
    /** `n` carts from `from` on, each holding one unit of the lot for ten minutes. */
    const holding = async (from: number, n: number) => {
      await db.execute(
        sql`insert into carts (id, session_id, expires_at)
            select 'c' || g, 's' || g, now() + interval '1 hour' from generate_series(${from}::int, ${from + n - 1}::int) g`,
      );
      await db.execute(
        sql`insert into cart_holds (cart_id, ticket_id, lot_id, quantity, expires_at)
            select 'c' || g, l.ticket_id, l.id, 1, now() + interval '10 minutes'
            from generate_series(${from}::int, ${from + n - 1}::int) g, ticket_lots l where l.id = ${f.lotId}`,
      );
    };
    await holding(1, 16);
    await db.execute(
      sql`insert into carts (id, session_id, expires_at) values ('mine', 's-mine', now() + interval '1 hour')`,
    );
    const cap = { userId: user!.id, maxUnits: 8 };
    const check = () =>
      db.transaction((tx) => checkAccountCap(tx, cap, { cartId: 'mine', quantity: 1 }, 'pt-BR'));
    const pages = () => pagesRead(db, ['carts', 'cart_holds']);

    for (let run = 0; run < 8; run += 1) await check();
    // The opening: twenty thousand visitors holding in a minute, before autovacuum analyzes the tables.
    await holding(17, 20_000);
    const before = await pages();
    for (let run = 0; run < 5; run += 1) await check();
    // The account's carts and their holds: a few pages a check, not the crowd's hundreds.
    const after = await pages();
    expect(after).toBeLessThan(before + 5 * 10);
    // And it still counts what the account holds: five units in another of its carts.
    await db.execute(
      sql`insert into carts (id, session_id, expires_at, user_id) values ('theirs', 's-theirs', now() + interval '1 hour', ${user!.id})`,
    );
    await db.execute(
      sql`insert into cart_holds (cart_id, ticket_id, lot_id, quantity, expires_at)
          select 'theirs', ticket_id, id, 5, now() + interval '10 minutes' from ticket_lots where id = ${f.lotId}`,
    );
    const hold = (quantity: number) =>
      db.transaction((tx) => checkAccountCap(tx, cap, { cartId: 'mine', quantity }, 'pt-BR'));
    await expect(hold(3)).resolves.toBeUndefined();
    await expect(hold(4)).rejects.toMatchObject({ code: 'account_hold_limit' });
    await pool.end();
  });
});
