import { ZImportEvent, ZImportGroup } from '@ingressos/contracts';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { events, orders } from '../../db/schema/index.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { demoCatalogue } from '../demo/demo-catalogue.ts';
import { seedDemoData } from '../demo/seed-demo-data.ts';
import { exportEventDocument } from './export-event.ts';
import { importCatalogue } from './import-catalogue.ts';

const TODAY = new Date('2031-06-10T15:04:05.678Z');

/**
 * Issue 34, the producer's console edits an event as one document in the import format: every
 * demo event exports to a document that imports back unchanged, exports again the same, and is
 * the demo's own document (exclusive-access codes come back as their hashes).
 */
describe.each(testDatabases())('event export round trip on %s', (kind) => {
  let t: TTestApp;
  const demo = demoCatalogue(TODAY);
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    await seedDemoData(t.database, t.log, TODAY);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const idOf = async (slug: string) => {
    const [row] = await t.database.db
      .select({ id: events.id, revision: events.revision })
      .from(events)
      .where(eq(events.slug, slug));
    return row!;
  };

  it('round-trips every demo event: export, import unchanged, export the same, the demo’s document', async () => {
    expect(demo.events.length).toBeGreaterThan(10);
    for (const source of demo.events) {
      const { id, revision } = await idOf(source.slug);
      const exported = await exportEventDocument(t.database.db, id);
      expect(exported, source.slug).toBeDefined();

      const result = await importCatalogue(t.database.db, exported);
      expect(result, source.slug).toEqual({ ok: true, created: [], updated: [], unchanged: [source.slug] });
      expect((await idOf(source.slug)).revision, source.slug).toBe(revision);
      expect(await exportEventDocument(t.database.db, id), source.slug).toEqual(exported);

      const wanted = ZImportEvent.parse(source);
      expect(exported!.events[0], source.slug).toEqual(wanted);
      const group = demo.groups?.find((g) => g.slug === source.group);
      expect(exported!.groups, source.slug).toEqual(group ? [ZImportGroup.parse(group)] : []);
    }
  });

  it('exports access codes as their stored hashes, which import back as they are', async () => {
    const source = demo.events.find((e) => e.slug === 'riso-solto-stand-up-curitiba')!;
    const withCodes = {
      ...source,
      exclusiveAccess: [{ type: 'clubCoupon' as const, name: 'Sócio', codes: ['SOCIO-2031', 'torcida 10'] }],
    };
    expect(await importCatalogue(t.database.db, { events: [withCodes] })).toMatchObject({ ok: true });
    const { id } = await idOf(source.slug);
    const exported = (await exportEventDocument(t.database.db, id))!;
    const issuer = exported.events[0]!.exclusiveAccess[0]!;
    expect(issuer.codes).toEqual([]);
    expect(issuer.codeHashes).toHaveLength(2);
    expect(issuer.codeHashes.join()).not.toMatch(/SOCIO/i);
    expect(await importCatalogue(t.database.db, exported)).toMatchObject({ unchanged: [source.slug] });
    const validate = (code: string) =>
      t.json('/api/socialevents/validateExclusiveEmissor', {
        eventId: id,
        binHolder: code,
        type: 'clubCoupon',
      });
    // The codes still open the pre-sale after the round trip, and only they do.
    expect((await validate('socio-2031')).status).toBe(200);
    expect((await validate('socio-2032')).status).not.toBe(200);
    expect(await importCatalogue(t.database.db, { events: [source] })).toMatchObject({ ok: true });
  });

  it('changes a lot’s price for new sales only: a paid order keeps its lines', async () => {
    // The samba night's floor ticket asks for no CPF per ticket.
    const source = demo.events.find((e) => e.slug === 'noite-do-samba-de-raiz-lapa')!;
    const { id } = await idOf(source.slug);
    const [lot] = await rows<{ id: number; price_cents: number }>(
      t.database.db,
      sql`select l.id, l.price_cents from ticket_lots l join event_tickets tk on tk.id = l.ticket_id
          join event_sections s on s.id = tk.section_id
          where s.event_id = ${id} and tk.name = 'Pista' and l.number = 1`,
    );
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(lot!.id, 1)).status).toBe(200);
    const paid = await buyer.pay('round-trip-price', cardBody('apro'));
    expect(paid.body).toMatchObject({ orderStatus: ORDER_STATUS.PAGO });
    const linesBefore = (
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, paid.body.orderId as string))
    )[0]!.lines;

    const exported = (await exportEventDocument(t.database.db, id))!;
    exported.events[0]!.sections[0]!.tickets[0]!.lots[0]!.price = 199.9;
    expect(await importCatalogue(t.database.db, exported)).toMatchObject({ updated: [source.slug] });

    const [after] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, paid.body.orderId as string));
    expect(after!.lines).toEqual(linesBefore);
    expect(linesBefore[0]).toMatchObject({ lotId: lot!.id });
    const [now] = await rows<{ price_cents: number }>(
      t.database.db,
      sql`select price_cents from ticket_lots where id = ${lot!.id}`,
    );
    expect(now!.price_cents).toBe(19_990);
    expect(lot!.price_cents).toBe(6_000);
  });
});
