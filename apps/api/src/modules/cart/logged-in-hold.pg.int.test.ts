import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { statementKeepingClient } from '../../db/pg-statements.ts';
import { rows } from '../../db/rows.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { countedPool } from '../../testing/counted-pool.ts';
import { createTestDatabase, type TTestDatabase } from '../../testing/test-app.ts';
import { addToCart } from './add-to-cart.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite has no round trips).
describe("a logged-in buyer's hold, on PostgreSQL", () => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  let accounts = 0;
  /** One connection through the server's own client, an account, a lot, and a hold that counts its round trips. */
  async function setUp(commitInMessage: boolean) {
    const { pool, db, trips } = countedPool(t.url!, statementKeepingClient(), { commitInMessage });
    accounts += 1;
    const [user] = await rows<{ id: string }>(
      db,
      sql`insert into users (name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
          values ('Ana', ${`ana-${accounts}@example.com`}, ${`0000000000${accounts}`}, 1, '1990-01-01', '55',
                  '11999990000', 'x')
          returning id`,
    );
    const { lotId } = await createCartFixture(db, { lotCapacity: 10 });
    const account = { userId: user!.id, maxUnits: 100 };
    const hold = () =>
      addToCart(
        { db, holdSeconds: 600, stockMode: 'conditional', locale: 'pt-BR', account },
        { lotId, quantity: 1, sessionId: null, controlledPlaceId: null },
      );
    const tripsOf = async (fn: () => Promise<unknown>) => {
      const before = trips();
      await fn();
      return trips() - before;
    };
    return { pool, hold, tripsOf };
  }

  it('ends with its take and the COMMIT in one message once the connection has parsed them: three round trips', async () => {
    const { pool, hold, tripsOf } = await setUp(true);
    for (let run = 0; run < 3; run += 1) await hold();
    // BEGIN with the new cart (locking the account), the cap's count, the take with its COMMIT.
    expect(await tripsOf(hold)).toBe(3);
    await pool.end();
  });

  it('(negative control) the same hold with its COMMIT sent alone costs a round trip more', async () => {
    const { pool, hold, tripsOf } = await setUp(false);
    for (let run = 0; run < 3; run += 1) await hold();
    expect(await tripsOf(hold)).toBe(4);
    await pool.end();
  });
});
