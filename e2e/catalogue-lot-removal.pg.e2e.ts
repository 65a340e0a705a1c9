import type { TCatalogImportInput } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../apps/api/src/db/orm.ts';
import { rows } from '../apps/api/src/db/rows.ts';
import { releaseHolds } from '../apps/api/src/modules/cart/stock.ts';
import { holdForNewCarts } from '../apps/api/src/modules/cart/stock-new-carts.ts';
import { importCatalogue } from '../apps/api/src/modules/catalogue/import-catalogue.ts';
import type { TRemovalMode } from '../apps/api/src/modules/catalogue/sync-sections.ts';
import { createTestDatabase, type TTestDatabase } from '../apps/api/src/testing/test-app.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server.
const SLUG = 'lote-removido-em-corrida';
const doc = (lotNumbers: number[]): TCatalogImportInput => ({
  events: [
    {
      slug: SLUG,
      name: 'Lote removido em corrida',
      category: 'show',
      startsAt: '2031-05-10T21:00:00-03:00',
      producer: 'Produtora de Corrida',
      venue: { name: 'Arena de Corrida', address: 'Rua B', city: 'São Paulo', state: 'SP' },
      sections: [
        {
          name: 'Pista',
          tickets: [
            { name: 'Inteira', lots: lotNumbers.map((number) => ({ number, price: 50, quantity: 100 })) },
          ],
        },
      ],
    },
  ],
});

type TRound = { imported: 'ok' | 'refused' | 'crashed'; held: boolean; lotLeft: boolean; holdRows: number };

/**
 * Issue 34: a document that drops a lot races a buyer holding a unit of it. The import reads the
 * lot unsold, then removes it; a hold that lands in between must either keep the lot (the file is
 * refused, the hold stands) or find it gone (no hold). The removal is one conditional delete in
 * the stock module; the negative control trusts what it read and deletes by id, as the import did.
 */
describe('dropping a lot while buyers hold it, on PostgreSQL', () => {
  let db: TTestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    expect(await importCatalogue(db.database.db, doc([1]))).toMatchObject({ ok: true });
  });
  afterAll(() => db.drop());

  async function round(number: number, mode: TRemovalMode, delayMs: number): Promise<TRound> {
    const database = db.database.db;
    const added = await importCatalogue(database, doc([1, number]));
    expect(added, JSON.stringify(added)).toMatchObject({ ok: true });
    const [lot] = await rows<{ id: number; ticket_id: number; event_id: number }>(
      database,
      sql`select l.id, l.ticket_id, s.event_id from ticket_lots l join event_tickets t on t.id = l.ticket_id
          join event_sections s on s.id = t.section_id join events e on e.id = s.event_id
          where e.slug = ${SLUG} and l.number = ${number}`,
    );
    const removal = importCatalogue(database, doc([1]), mode).then(
      (result) => (result.ok ? 'ok' : 'refused') as TRound['imported'],
      () => 'crashed' as const,
    );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const cartId = `race-${number}-${mode}`;
    const held = await holdForNewCarts(
      database,
      { lotId: lot!.id, ticketId: lot!.ticket_id, eventId: lot!.event_id },
      [{ cartId, sessionId: cartId, quantity: 1, expiresAt: new Date(Date.now() + 600_000) }],
    ).then(
      (done) => done.length === 1,
      () => false,
    );
    const imported = await removal;
    const [left] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from ticket_lots where id = ${lot!.id}`,
    );
    const [holds] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from cart_holds where cart_id = ${cartId}`,
    );
    // Give the hold back so the next document may drop this lot (at most 20 lots a ticket).
    const holdIds = await rows<{ id: number }>(
      database,
      sql`select id from cart_holds where cart_id = ${cartId}`,
    );
    await releaseHolds(
      database,
      holdIds.map((h) => h.id),
    );
    return { imported, held, lotLeft: left!.n === 1, holdRows: holds!.n };
  }

  it('never loses a hold nor fails: the file is refused, or the hold finds the lot gone', async () => {
    const outcomes: TRound[] = [];
    for (let i = 0; i < 24; i += 1) outcomes.push(await round(2 + i, 'conditional', i % 12));
    // On a slow machine the import may take longer than every delay above, so that each hold lands
    // first: wait longer, round after round, until a removal has also won (at most ~1.5 s).
    for (let i = 0; i < 8 && !outcomes.some((o) => !o.held); i += 1) {
      outcomes.push(await round(26 + i, 'conditional', 12 * 2 ** (i + 1)));
    }
    for (const outcome of outcomes) {
      expect(outcome.imported).not.toBe('crashed');
      // A hold that was taken stands on a lot that is still there, and the file was refused.
      if (outcome.held)
        expect(outcome).toEqual({ imported: 'refused', held: true, lotLeft: true, holdRows: 1 });
      else expect(outcome).toMatchObject({ imported: 'ok', lotLeft: false, holdRows: 0 });
    }
    // Both orders happened: the race was real.
    expect(outcomes.some((o) => o.held)).toBe(true);
    expect(outcomes.some((o) => !o.held)).toBe(true);
  });

  it('negative control: read-then-delete breaks on a hold that lands in between', async () => {
    const outcomes: TRound[] = [];
    // Delays of 2-13 ms first; a slow machine's import reaches its delete later, so then 14-106 ms.
    const delay = (i: number) => (i < 24 ? 2 + (i % 12) : 14 + (i - 24) * 4);
    for (let i = 0; i < 48 && !outcomes.some((o) => o.held && o.imported !== 'refused'); i += 1) {
      outcomes.push(await round(40 + i, 'unsafeReadThenDelete', delay(i)));
    }
    // The old removal, having read the lot unsold, deletes it under a hold taken meanwhile: the
    // database's foreign key stops it and the whole import fails instead of refusing the file.
    expect(outcomes.some((o) => o.held && o.imported !== 'refused')).toBe(true);
  });
});
