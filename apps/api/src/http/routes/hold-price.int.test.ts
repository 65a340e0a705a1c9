import type { TCartAnswer, TCatalogImportInput } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { cartHolds, carts, orders } from '../../db/schema/index.ts';
import { importCatalogue } from '../../modules/catalogue/import-catalogue.ts';
import { isoInZone } from '../../modules/catalogue/iso-in-zone.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TEventInput = TCatalogImportInput['events'][number];
type TCart = NonNullable<TCartAnswer['cart']>;

let counter = 0;
/** An event of one lot of 10 at `price` reais with a 10 % convenience fee, as the producer saves it. */
function eventDoc(slug: string, price: number): TEventInput {
  return {
    slug,
    name: 'Preço do lote',
    category: 'show',
    startsAt: isoInZone(new Date(Date.now() + 30 * 86_400_000), 'America/Sao_Paulo'),
    producer: 'Produtora de Teste',
    venue: { name: 'Casa de Teste', address: 'Rua A', city: 'São Paulo', state: 'SP' },
    sections: [
      {
        name: 'Pista',
        tickets: [{ name: 'Inteira', lots: [{ number: 1, price, quantity: 10, convenienceFeePercent: 10 }] }],
      },
    ],
  };
}

/**
 * Issue 34: a producer edits the price of a lot on sale; the change reaches only the holds taken
 * after it. A buyer already holding keeps the price (and fees) of the moment the units were
 * taken, in the cart and in the order; a cart taken again after it expired is a new hold.
 */
describe.each(testDatabases())('a lot’s price change and the holds on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', CART_HOLD_SECONDS: '900' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** Saves the event at `price` (the producer console's save runs this import) and answers its lot's id. */
  const save = async (slug: string, price: number) => {
    expect(await importCatalogue(t.database.db, { events: [eventDoc(slug, price)] })).toMatchObject({
      ok: true,
    });
    return lotOf(slug);
  };
  const lotOf = async (slug: string) => {
    const [lot] = await rows<{ id: number; priceCents: number }>(
      t.database.db,
      sql`select l.id, l.price_cents as "priceCents" from ticket_lots l
          join event_tickets et on et.id = l.ticket_id join event_sections s on s.id = et.section_id
          join events e on e.id = s.event_id where e.slug = ${slug}`,
    );
    return lot!;
  };
  const cartOf = async (sessionId: string, cookie?: string) => {
    const answer = await t.json<TCartAnswer>(
      '/api/v3/getcart',
      { sessionId },
      cookie ? { headers: { cookie } } : {},
    );
    expect(answer.status).toBe(200);
    return answer.body.cart!;
  };
  const money = (cart: TCart) => ({
    value: cart.items[0]!.value,
    fee: cart.items[0]!.taxTotal,
    total: cart.totals.total,
  });

  it('keeps a held line at R$ 100 after the lot goes to R$ 150, in the cart and in the order; a new hold pays R$ 150', async () => {
    counter += 1;
    const slug = `preco-do-lote-${counter}`;
    const lot = await save(slug, 100);
    const first = await checkoutBuyer(t);
    expect((await first.add(lot.id, 2)).status).toBe(200);

    expect((await save(slug, 150)).priceCents).toBe(15_000);
    const held = await cartOf(first.sessionId!, first.person.cookie);
    expect(money(held)).toEqual({ value: 100, fee: 10, total: 220 });

    // A second buyer (the new-cart rush path, right after the change) holds at the new price.
    const second = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: lot.id, quantity: 1 });
    expect(second.status).toBe(200);
    expect(money(second.body.cart!)).toEqual({ value: 150, fee: 15, total: 165 });
    expect(money(await cartOf(second.body.sessionID))).toEqual({ value: 150, fee: 15, total: 165 });

    const paid = await first.pay(`hold-price-${counter}`, cardBody('apro'));
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('approved');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
    expect(order!.totalCents).toBe(22_000);
    expect(order!.lines.map((line) => [line.quantity, line.unitCents])).toEqual([[2, 10_000]]);
  });

  it('prices a reactivated expired cart at the lot’s price of that moment', async () => {
    counter += 1;
    const slug = `preco-do-lote-${counter}`;
    const lot = await save(slug, 100);
    const mine = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: lot.id, quantity: 2 });
    expect(mine.status).toBe(200);
    const sessionId = mine.body.sessionID;
    const past = new Date(Date.now() - 1000);
    await t.database.db.transaction(async (tx) => {
      await tx.update(carts).set({ expiresAt: past }).where(eq(carts.sessionId, sessionId));
      await tx.update(cartHolds).set({ expiresAt: past }).where(eq(cartHolds.cartId, mine.body.cart!.id));
    });

    await save(slug, 150);
    const activated = await t.json<{ outcome: string }>('/api/v4/activatecart', {
      id: mine.body.cart!.id,
      sessionId,
    });
    expect(activated.status).toBe(200);
    expect(activated.body.outcome).toBe('ok');
    expect(money(await cartOf(sessionId))).toEqual({ value: 150, fee: 15, total: 330 });
    // The line taken again keeps that price as any hold does.
    await save(slug, 180);
    expect(money(await cartOf(sessionId))).toEqual({ value: 150, fee: 15, total: 330 });
  });

  it('reads the lot’s price for a hold made before holds kept theirs (null terms)', async () => {
    counter += 1;
    const slug = `preco-do-lote-${counter}`;
    const lot = await save(slug, 100);
    const mine = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: lot.id, quantity: 1 });
    await t.database.db
      .update(cartHolds)
      .set({
        priceCents: null,
        feeBp: null,
        appFeeBp: null,
        processingFeeCents: null,
        processingFeeAdded: null,
      })
      .where(eq(cartHolds.cartId, mine.body.cart!.id));
    await save(slug, 150);
    expect(money(await cartOf(mine.body.sessionID))).toEqual({ value: 150, fee: 15, total: 165 });
  });
});
