import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { statementKeepingClient } from '../../db/pg-statements.ts';
import { rows } from '../../db/rows.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { countedPool, pagesRead } from '../../testing/counted-pool.ts';
import { createTestDatabase, type TTestDatabase } from '../../testing/test-app.ts';
import { getMyTickets } from './my-tickets.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite keeps no plan).
describe('My tickets once the site has sold thousands, on PostgreSQL', () => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  it("reads the buyer's own orders and tickets, not every order and ticket sold, as after an on-sale", async () => {
    // One connection through the server's own client: the statement is kept there, as in the server.
    const { pool, db } = countedPool(t.url!, statementKeepingClient());
    const [user] = await rows<{ id: string }>(
      db,
      sql`insert into users (name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
          values ('Ana', 'ana@example.com', '52998224725', 1, '1990-01-01', '55', '11999990000', 'x')
          returning id`,
    );
    const ana = user!.id;
    const f = await createCartFixture(t.database.db, { lotCapacity: 100_000 });
    const [lot] = await rows<{ ticket_id: number }>(
      db,
      sql`select ticket_id from ticket_lots where id = ${f.lotId}`,
    );
    const line = {
      ticketId: lot!.ticket_id,
      lotId: f.lotId,
      controlledPlaceId: null,
      quantity: 1,
      unitCents: 5000,
      eventName: 'Show',
      sectionName: 'Pista',
      ticketName: 'Inteira',
      placeAlias: null,
    };
    /**
     * Paid orders `prefix-from`… of one ticket each, bought by `buyer` (a new buyer each when null),
     * the ticket owned by `owner` (the buyer when null); their users' rows left out.
     */
    const sell = (prefix: string, from: number, n: number, buyer: string | null, owner: string | null) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`with sold as (
                select ${prefix} || '-' || g as id, coalesce(${buyer}::uuid, gen_random_uuid()) as buyer
                from generate_series(${from}::int, ${from + n - 1}::int) g
              ), made as (
                insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash, status, method,
                                    total_cents, lines, buyer_document)
                select id, buyer, id, ${f.eventId}, id, 'h', 3, 'pix', 5000, ${JSON.stringify([line])}::jsonb, '00000000000'
                from sold
              )
              insert into tickets (id, order_id, unit, user_id, event_id, ticket_id, lot_id, holder_cpf, qr)
              select gen_random_uuid(), id, 0, coalesce(${owner}::uuid, buyer), ${f.eventId}, ${lot!.ticket_id},
                     ${f.lotId}, '11144477735', 'qr-' || id
              from sold`,
        );
      });
    // Ana's own order, and a ticket of someone else's order that was transferred to her.
    await sell('ana', 1, 1, ana, null);
    await sell('gift', 1, 1, null, ana);
    await sell('crowd', 1, 16, null, null);
    const view = () => getMyTickets(db, ana, 'pt-BR');
    const pages = () => pagesRead(db, ['orders', 'tickets']);

    for (let run = 0; run < 8; run += 1) await view();
    // After the on-sale: twenty thousand orders of others, each with its ticket.
    await sell('crowd', 17, 20_000, null, null);
    const before = await pages();
    for (let run = 0; run < 5; run += 1) await view();
    // Ana's two orders' index probes and rows: a few dozen pages a view, not the site's thousands.
    const after = await pages();
    expect(after).toBeLessThan(before + 5 * 40);

    // And the view is hers: her order with its ticket, and the ticket given to her without its order.
    const { upcoming } = await view();
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]!.orders.map((order) => order.id)).toEqual(['ana-1']);
    expect(upcoming[0]!.tickets.map((ticket) => [ticket.orderId, ticket.status])).toEqual([
      ['ana-1', 'valid'],
      ['gift-1', 'valid'],
    ]);
    await pool.end();
  });
});
