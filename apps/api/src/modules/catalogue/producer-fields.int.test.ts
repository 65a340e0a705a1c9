import { createHash } from 'node:crypto';
import type { TCatalogImportInput, TEventTicketsResponse } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { posterImages } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { takeLotUnits } from '../cart/stock.ts';
import { importCatalogue } from './import-catalogue.ts';
import { isoInZone } from './iso-in-zone.ts';

type TEventInput = TCatalogImportInput['events'][number];
const ZONE = 'America/Sao_Paulo';
const inMs = (ms: number) => isoInZone(new Date(Date.now() + ms), ZONE);

let counter = 0;
function eventDoc(overrides: Partial<TEventInput> = {}): TEventInput {
  counter += 1;
  return {
    slug: `campos-do-produtor-${counter}`,
    name: 'Campos do produtor',
    category: 'show',
    startsAt: inMs(30 * 86_400_000),
    producer: 'Produtora de Teste',
    venue: { name: 'Casa de Teste', address: 'Rua A', city: 'São Paulo', state: 'SP' },
    sections: [
      {
        name: 'Pista',
        tickets: [
          {
            name: 'Inteira',
            lots: [
              { number: 1, price: 100, quantity: 50 },
              { number: 2, price: 120, quantity: 50 },
            ],
          },
        ],
      },
      {
        name: 'Plateia',
        tickets: [{ name: 'Cadeira', lots: [{ number: 1, price: 80, quantity: 3 }] }],
        places: [
          { kind: 'seat', alias: 'A1', row: 'A', number: 1, x: 10, y: 10 },
          { kind: 'seat', alias: 'A2', row: 'A', number: 2, x: 40, y: 10, reserved: true },
        ],
      },
    ],
    ...overrides,
  };
}

describe.each(testDatabases())('the producer’s document fields on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const load = async (event: TEventInput) => {
    const result = await importCatalogue(t.database.db, { events: [event] });
    expect(result).toMatchObject({ ok: true });
    await t.catalogue.refresh();
    return (await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', { eventSlug: event.slug }))
      .body;
  };
  const add = (body: Record<string, unknown>) =>
    t.json<{ code?: string; sessionID?: string }>('/api/v4/addtocart', body);

  it('turns lots over by date: a lot past its salesEndAt gives way, and a hold on it is refused', async () => {
    const doc = eventDoc();
    doc.sections[0]!.tickets[0]!.lots[0]!.salesEndAt = inMs(-60_000);
    const page = await load(doc);
    const ticket = page.sections[0]!.tickets[0]!;
    expect(ticket).toMatchObject({ lotNumber: 2, value: 120, availability: 'Disponivel' });
    const closed = ticket.lots.find((l) => l.number === 1)!;
    expect(closed.availability).toBe('Indisponivel');

    const refused = await add({ lotId: closed.id, quantity: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('lot_sold_out');
    // The stock's own guard refuses it too, whatever a stale page or check says.
    expect(await inTransaction(t.database.db, (tx) => takeLotUnits(tx, closed.id, 1, 'conditional'))).toBe(
      false,
    );
    expect((await add({ lotId: ticket.lotId, quantity: 1 })).status).toBe(200);
  });

  it('waits for a lot’s salesStartAt, and rebuilds the storefront when a window boundary passes', async () => {
    const doc = eventDoc();
    doc.sections[0]!.tickets[0]!.lots[0]!.salesEndAt = inMs(1_500);
    doc.sections[0]!.tickets[0]!.lots[1]!.salesStartAt = inMs(1_500);
    const before = (await load(doc)).sections[0]!.tickets[0]!;
    expect(before.lotNumber).toBe(1);
    const [lot2] = before.lots.filter((l) => l.number === 2);
    expect((await add({ lotId: lot2!.id, quantity: 1 })).body.code).toBe('lot_not_on_sale');
    expect(await inTransaction(t.database.db, (tx) => takeLotUnits(tx, lot2!.id, 1, 'conditional'))).toBe(
      false,
    );

    await new Promise((resolve) => setTimeout(resolve, 1_700));
    await t.catalogue.refresh();
    const after = (
      await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', { eventSlug: doc.slug })
    ).body.sections[0]!.tickets[0]!;
    expect(after).toMatchObject({ lotNumber: 2, availability: 'Disponivel' });
    expect((await add({ lotId: lot2!.id, quantity: 1 })).status).toBe(200);
  });

  it('shows a reserved place as taken and refuses to hold it', async () => {
    const page = await load(eventDoc());
    const section = page.sections[1]!;
    const [a1, a2] = section.controlledPlaces;
    expect(a1).toMatchObject({ alias: 'A1', status: 'Disponivel' });
    expect(a2).toMatchObject({ alias: 'A2', status: 'Indisponivel', available: 0 });
    const lotId = section.tickets[0]!.lotId;
    const refused = await add({ lotId, controlledPlaceId: a2!.controlledPlaceId, quantity: 1 });
    expect(refused.status).not.toBe(200);
    expect((await add({ lotId, controlledPlaceId: a1!.controlledPlaceId, quantity: 1 })).status).toBe(200);
  });

  it('serves an uploaded poster by its id, and refuses an id never uploaded', async () => {
    const bytes = Buffer.from(`RIFF-fake-webp-${Math.random()}`);
    const id = createHash('sha256').update(bytes).digest('hex');
    await t.database.db
      .insert(posterImages)
      .values({ id, contentType: 'image/webp', bytes, width: 10, height: 15 });
    const page = await load(eventDoc({ poster: id }));
    expect(page.images.poster).toBe(`/api/posters/${id}.webp`);
    const served = await t.request(`/api/posters/${id}.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    expect((await t.request(`/api/posters/${'0'.repeat(64)}.webp`)).status).toBe(404);

    const unknown = await importCatalogue(t.database.db, { events: [eventDoc({ poster: 'a'.repeat(64) })] });
    expect(unknown).toMatchObject({ ok: false, errors: [{ path: 'events[0].poster' }] });
  });

  it('keeps coupons by code: never below their uses, removed only when unused', async () => {
    const doc = eventDoc({
      coupons: [
        { code: 'festa-10', kind: 'percent', percent: 10, quantity: 5 },
        {
          code: 'PISTA20',
          kind: 'fixed',
          amount: 20,
          quantity: 3,
          lots: [{ section: 'Pista', ticket: 'Inteira', number: 2 }],
        },
      ],
    });
    await load(doc);
    const stored = await rows<{ code: string; lot_ids: number[]; id: number }>(
      t.database.db,
      sql`select p.id, p.code, p.lot_ids from promo_codes p join events e on e.id = p.event_id
          where e.slug = ${doc.slug} order by p.code`,
    );
    expect(stored.map((c) => c.code)).toEqual(['FESTA-10', 'PISTA20']);
    expect(stored[1]!.lot_ids).toHaveLength(1);
    // Two uses spent (as a checkout does) on FESTA-10.
    await t.database.db.execute(sql`update promo_codes set used = 2 where id = ${stored[0]!.id}`);

    const below = await importCatalogue(t.database.db, {
      events: [{ ...doc, coupons: [{ ...doc.coupons![0]!, quantity: 1 }, doc.coupons![1]!] }],
    });
    expect(below).toMatchObject({ ok: false, errors: [{ path: 'events[0].coupons[0].quantity' }] });
    const removed = await importCatalogue(t.database.db, {
      events: [{ ...doc, coupons: [doc.coupons![1]!] }],
    });
    expect(removed).toMatchObject({ ok: false, errors: [{ path: 'events[0].coupons' }] });
    expect(removed.ok ? '' : removed.errors[0]!.message).toContain('"active": false');
    const badLot = await importCatalogue(t.database.db, {
      events: [
        {
          ...doc,
          coupons: [
            doc.coupons![0]!,
            { ...doc.coupons![1]!, lots: [{ section: 'Pista', ticket: 'Inteira', number: 9 }] },
          ],
        },
      ],
    });
    expect(badLot).toEqual({
      ok: false,
      errors: [
        { path: 'events[0].coupons[1].lots[0]', message: 'no lot 9 of ticket "Inteira" in section "Pista"' },
      ],
    });

    const kept = await importCatalogue(t.database.db, {
      events: [{ ...doc, coupons: [{ ...doc.coupons![0]!, active: false }] }],
    });
    expect(kept).toMatchObject({ ok: true, updated: [doc.slug] });
    const left = await rows<{ code: string; active: boolean; used: number }>(
      t.database.db,
      sql`select p.code, p.active, p.used from promo_codes p join events e on e.id = p.event_id
          where e.slug = ${doc.slug}`,
    );
    expect(left).toEqual([{ code: 'FESTA-10', active: false, used: 2 }]);
  });

  it('refuses to drop a lot or a place a cart holds, at the document’s path', async () => {
    const doc = eventDoc();
    const page = await load(doc);
    const lot1 = page.sections[0]!.tickets[0]!.lotId;
    expect((await add({ lotId: lot1, quantity: 1 })).status).toBe(200);
    const seatLot = page.sections[1]!.tickets[0]!.lotId;
    const a1 = page.sections[1]!.controlledPlaces[0]!.controlledPlaceId;
    expect((await add({ lotId: seatLot, controlledPlaceId: a1, quantity: 1 })).status).toBe(200);

    const dropped = structuredClone(doc);
    dropped.sections[0]!.tickets[0]!.lots = dropped.sections[0]!.tickets[0]!.lots.slice(1);
    dropped.sections[1]!.places = dropped.sections[1]!.places!.slice(1);
    const result = await importCatalogue(t.database.db, { events: [dropped] });
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { path: 'events[0].sections[0].tickets[0].lots', message: 'lot 1 has sales and cannot be removed' },
        { path: 'events[0].sections[1].places', message: 'place "A1" has sales and cannot be removed' },
      ],
    });
  });
});
