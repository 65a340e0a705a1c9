import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { ticketLots } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { importCatalogue } from './import-catalogue.ts';

/**
 * The stock model the cart builds on: units are taken with one conditional UPDATE, and a CHECK
 * on (sold + held <= capacity) refuses anything that would oversell, even a careless write.
 */
describe.each(testDatabases())('lot stock on %s', (kind) => {
  let t: TTestApp;
  let lotId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const result = await importCatalogue(t.database.db, {
      events: [
        {
          slug: 'estoque',
          name: 'Estoque',
          category: 'show',
          startsAt: '2031-01-01T21:00:00-03:00',
          producer: 'Produtora',
          venue: { name: 'Local', address: 'Rua A', city: 'São Paulo', state: 'SP' },
          sections: [
            { name: 'Pista', tickets: [{ name: 'Inteira', lots: [{ number: 1, price: 10, quantity: 10 }] }] },
          ],
        },
      ],
    });
    expect(result.ok).toBe(true);
    [{ id: lotId }] = (await t.database.db.select({ id: ticketLots.id }).from(ticketLots)) as [
      { id: number },
    ];
  });
  afterAll(() => t.close());

  const hold = (quantity: number) =>
    t.database.db
      .update(ticketLots)
      .set({ held: sql`${ticketLots.held} + ${quantity}` })
      .where(
        sql`${ticketLots.id} = ${lotId} and ${ticketLots.sold} + ${ticketLots.held} + ${quantity} <= ${ticketLots.capacity}`,
      )
      .returning({ id: ticketLots.id });

  it('lets 40 concurrent buyers of one unit take exactly the 10 units there are', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => hold(1)));
    expect(results.filter((rows) => rows.length === 1)).toHaveLength(10);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
    expect(lot).toMatchObject({ held: 10, sold: 0, capacity: 10 });
  });

  it('refuses, by the CHECK, a write without the condition that would oversell (negative control)', async () => {
    await expect(
      t.database.db
        .update(ticketLots)
        .set({ held: sql`${ticketLots.held} + 1` })
        .where(eq(ticketLots.id, lotId)),
    ).rejects.toThrow();
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
    expect(lot!.held).toBe(10);
  });
});
