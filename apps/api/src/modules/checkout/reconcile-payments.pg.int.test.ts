import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { statementKeepingClient } from '../../db/pg-statements.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { countedPool, pagesRead } from '../../testing/counted-pool.ts';
import { createTestDatabase, type TTestDatabase } from '../../testing/test-app.ts';
import { awaitingOrders } from './reconcile-payments.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite keeps no plan).
describe("the payment reconciler's scan once thousands are paid, on PostgreSQL", () => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  it('reads the orders still awaiting payment, not every paid order, at each pass of every process', async () => {
    // One connection through the server's own client: the statement is kept there, as in the server,
    // and from its sixth run PostgreSQL may keep a generic plan.
    const { pool, db } = countedPool(t.url!, statementKeepingClient());
    const f = await createCartFixture(t.database.db, { lotCapacity: 100_000 });
    /** Orders `prefix-from`… in `status`, each with a card payment in `payment` (buyers left out). */
    const orders = (prefix: string, from: number, n: number, status: number, payment: string) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`with made as (
                insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash, status, method,
                                    total_cents, lines, buyer_document)
                select ${prefix} || '-' || g, gen_random_uuid(), ${prefix} || '-' || g, ${f.eventId}, 'k', 'h',
                       ${status}, 'credit_card', 5000, '[]'::jsonb, '00000000000'
                from generate_series(${from}::int, ${from + n - 1}::int) g
                returning id
              )
              insert into payments (id, order_id, gateway, status, amount_cents, method)
              select 'p-' || id, id, 'sandbox', ${payment}, 5000, 'credit_card' from made`,
        );
      });
    await orders('paid', 1, 16, 3, 'approved');
    await orders('waiting', 1, 1, 1, 'pending');
    const scan = () => awaitingOrders(db, 60, 100);
    const pages = () => pagesRead(db, ['orders']);

    for (let run = 0; run < 8; run += 1) await scan();
    // After the on-sale: twenty thousand paid orders.
    await orders('paid', 17, 20_000, 3, 'approved');
    const before = await pages();
    for (let run = 0; run < 5; run += 1) await scan();
    // The one awaiting order's entry and row: a few pages a pass, not the paid orders' hundreds.
    const after = await pages();
    expect(after).toBeLessThan(before + 5 * 10);

    // And it finds what awaits: the pending card, and a pre-authorised one (4) too.
    await orders('authorised', 1, 1, 4, 'in_process');
    expect((await scan()).map((row) => row.order_id).sort()).toEqual(['authorised-1', 'waiting-1']);
    await pool.end();
  });
});
