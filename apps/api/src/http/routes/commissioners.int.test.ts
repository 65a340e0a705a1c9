import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  TCartAnswer,
  TCommissioner,
  TCommissionerLandingResponse,
  TCommissionerSalesResponse,
  TEventGroupResponse,
  TEventTicketsResponse,
} from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { commissioners, orders, users } from '../../db/schema/index.ts';
import { importCatalogue } from '../../modules/catalogue/import-catalogue.ts';
import { salesToken } from '../../modules/commissioners/sales-link.ts';
import { register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const example = () => JSON.parse(readFileSync(path.join(repoRoot, 'docs/catalog-example.json'), 'utf8'));
const LANDING_TOKEN = 'landing-token-for-tests';
const LINK_SECRET = 'a-link-secret-of-at-least-32-characters!';
const NOT_FOUND = 'Comissário não encontrado';
const card = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

describe.each(testDatabases())('commissioner mode on %s', (kind) => {
  let t: TTestApp;
  let active: TCommissioner;
  let inactiveId: number;
  let show: TEventTicketsResponse;
  let theatre: TEventTicketsResponse;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      COMMISSIONER_LANDING_TOKEN: LANDING_TOKEN,
      LINK_SECRET,
    });
    const imported = await importCatalogue(t.database.db, example());
    expect(imported.ok).toBe(true);
    await t.catalogue.refresh();
    const info = await t.json<TCommissioner>('/api/Commissioners/getcommissionerinfo', {
      hash: 'revenda-exemplo-01',
    });
    active = info.body;
    const [off] = await t.database.db
      .select({ id: commissioners.id })
      .from(commissioners)
      .where(eq(commissioners.hash, 'revenda-inativa-01'));
    inactiveId = off!.id;
    show = (
      await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', {
        eventSlug: 'show-exemplo-sao-paulo',
      })
    ).body;
    theatre = (
      await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', {
        eventSlug: 'teatro-exemplo-rio',
      })
    ).body;
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const lotOf = (event: TEventTicketsResponse) => event.sections[0]!.tickets[0]!.lotId;

  it('the import loads commissioners with their events, and refuses one naming an unknown event', async () => {
    expect(active).toEqual({ id: expect.any(Number), name: 'Revenda Exemplo', hash: 'revenda-exemplo-01' });
    const file = example();
    file.commissioners[0].events.push('evento-que-nao-existe');
    const refused = await importCatalogue(t.database.db, file);
    expect(refused).toMatchObject({
      ok: false,
      errors: [{ path: 'commissioners[0].events[1]', message: 'unknown event "evento-que-nao-existe"' }],
    });
    // A second run of the same file changes nothing.
    expect(await importCatalogue(t.database.db, example())).toMatchObject({
      ok: true,
      created: [],
      updated: [],
    });
  });

  it('getcommissionerinfo: found by hash; unknown and inactive are both "Comissário não encontrado"; bad input is a 400', async () => {
    for (const hash of ['nao-existe-123', 'revenda-inativa-01']) {
      const answer = await t.json<{ Message: string }>('/api/Commissioners/getcommissionerinfo', { hash });
      expect(answer.status).toBe(404);
      expect(answer.body.Message).toBe(NOT_FOUND);
    }
    const bad = await t.json('/api/Commissioners/getcommissionerinfo', { hash: 'a b' });
    expect(bad.status).toBe(400);
    const english = await t.request('/api/Commissioners/getcommissionerinfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ hash: 'nao-existe-123' }),
    });
    expect(((await english.json()) as { Message: string }).Message).toBe('Commissioner not found');
  });

  it('getticketeventlist: the events the commissioner sells, with the deployment token only', async () => {
    const ok = await t.json<TCommissionerLandingResponse>(
      '/api/v2/CommissionersLandingPage/getticketeventlist',
      {
        token: LANDING_TOKEN,
        commissionerID: active.id,
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.commissioner.name).toBe('Revenda Exemplo');
    expect(ok.body.events.map((e) => e.slug)).toEqual(['show-exemplo-sao-paulo']);
    const wrongToken = await t.json('/api/v2/CommissionersLandingPage/getticketeventlist', {
      token: 'wrong',
      commissionerID: active.id,
    });
    expect(wrongToken.status).toBe(401);
    const inactive = await t.json<{ Message: string }>(
      '/api/v2/CommissionersLandingPage/getticketeventlist',
      {
        token: LANDING_TOKEN,
        commissionerID: inactiveId,
      },
    );
    expect([inactive.status, inactive.body.Message]).toEqual([404, NOT_FOUND]);
    const unknown = await t.json('/api/v2/CommissionersLandingPage/getticketeventlist', {
      token: LANDING_TOKEN,
      commissionerID: 999_999,
    });
    expect(unknown.status).toBe(404);
    const bad = await t.json('/api/v2/CommissionersLandingPage/getticketeventlist', {
      token: LANDING_TOKEN,
      commissionerID: 'x',
    });
    expect(bad.status).toBe(400);
  });

  it('getCommissionerEventTicketsBySlug: the site event with the commissioner refund value, only for its events', async () => {
    const call = (eventSlug: string, commissionerId: number | string, token = LANDING_TOKEN) =>
      t.json<TEventTicketsResponse & { Message?: string }>('/api/v3/getCommissionerEventTicketsBySlug', {
        token,
        eventSlug,
        commissionerId,
      });
    const ok = await call('show-exemplo-sao-paulo', active.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(show);
    expect(ok.body.refundServiceComissioner).toMatchObject({ IsActive: true, percent: 5 });
    const ticket = ok.body.sections[0]!.tickets[0]!;
    // 5 % of price plus fee (150 + 15) against the site's 8 %.
    expect(ticket.valueRefundServiceCommissioner).toBe(8.25);
    expect(ticket.valueRefundServiceSite).toBe(13.2);
    const notSold = await call('teatro-exemplo-rio', active.id);
    expect([notSold.status, notSold.body.Message]).toEqual([
      404,
      'Este comissário não vende ingressos para este evento.',
    ]);
    expect((await call('nao-existe', active.id)).status).toBe(404);
    expect((await call('show-exemplo-sao-paulo', inactiveId)).body.Message).toBe(NOT_FOUND);
    expect((await call('show-exemplo-sao-paulo', active.id, 'wrong')).status).toBe(401);
    expect((await call('show-exemplo-sao-paulo', -1)).status).toBe(400);
  });

  it('the group by commissioner lists only its events; commissioners for an event lists the active ones', async () => {
    const group = await t.request(`/api/eventgroup/${active.id}/turne-exemplo`, {
      headers: { commissionerID: String(active.id) },
    });
    expect(group.status).toBe(200);
    const body = (await group.json()) as TEventGroupResponse;
    expect(body.events.map((e) => e.slug)).toEqual(['show-exemplo-sao-paulo']);
    const mismatch = await t.request(`/api/eventgroup/${active.id}/turne-exemplo`, {
      headers: { commissionerID: String(inactiveId) },
    });
    expect(mismatch.status).toBe(404);
    expect((await t.request(`/api/eventgroup/${inactiveId}/turne-exemplo`)).status).toBe(404);
    expect((await t.request(`/api/eventgroup/${active.id}/nao-existe`)).status).toBe(404);
    expect((await t.request('/api/eventgroup/abc/turne-exemplo')).status).toBe(400);

    const sellers = await t.request(`/api/events/${show.id}/commissioners`);
    expect(await sellers.json()).toEqual({ commissioners: [{ id: active.id, name: 'Revenda Exemplo' }] });
    expect(await (await t.request(`/api/events/${theatre.id}/commissioners`)).json()).toEqual({
      commissioners: [],
    });
    expect((await t.request('/api/events/zero/commissioners')).status).toBe(400);
  });

  it('addtocart by a commissioner: its refund value in the cart; an event it does not sell holds nothing', async () => {
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', {
      lotId: lotOf(show),
      quantity: 2,
      commissionerId: active.id,
    });
    expect(added.status).toBe(200);
    const cart = added.body.cart!;
    expect(cart.commissionerId).toBe(active.id);
    expect(cart.refund).toEqual({ IsActive: true, percent: 5 });
    expect(cart.items[0]!.valueRefundServiceCommissioner).toBe(8.25);

    const site = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: lotOf(show), quantity: 2 });
    expect(site.body.cart).toMatchObject({ commissionerId: null, refund: { IsActive: true, percent: 8 } });

    const before = (
      await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', {
        eventSlug: 'teatro-exemplo-rio',
      })
    ).body;
    const refused = await t.json<{ Message: string }>('/api/v4/addtocart', {
      lotId: lotOf(theatre),
      quantity: 1,
      controlledPlaceId: theatre.sections[0]!.controlledPlaces?.[0]?.controlledPlaceId,
      commissionerId: active.id,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.Message).toBe('Este comissário não vende ingressos para este evento.');
    const inactive = await t.json<{ Message: string }>('/api/v4/addtocart', {
      lotId: lotOf(show),
      quantity: 1,
      commissionerId: inactiveId,
    });
    expect([inactive.status, inactive.body.Message]).toEqual([404, NOT_FOUND]);
    await t.catalogue.refresh();
    const after = (
      await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', {
        eventSlug: 'teatro-exemplo-rio',
      })
    ).body;
    expect(after.sections[0]!.tickets[0]!.available).toBe(before.sections[0]!.tickets[0]!.available);
  });

  /** A verified buyer who holds 2 show tickets (by the commissioner or the site) with the refund service, and pays. */
  const buy = async (path: string, commissionerId: number | null) => {
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', {
      lotId: lotOf(show),
      quantity: 2,
      ...(commissionerId ? { commissionerId } : {}),
    });
    const sessionId = added.body.sessionID;
    const chosen = await t.json<TCartAnswer>('/api/cart/protection', { sessionId, provider: 'bilheto' });
    const cart = chosen.body.cart!;
    const headers = withCookie(person.cookie, {
      'x-session-id': sessionId,
      'idempotency-key': `c-${Math.random()}`,
    }).headers;
    const paid = await t.request(path, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: card(), installments: 1 },
        totalTicketValue: cart.totals.total,
        identificationTickets: [{ indexItem: 0, cpfs: [uniqueCpf(), uniqueCpf()] }],
        ...(commissionerId ? { commissionerId } : {}),
      }),
    });
    const answer = (await paid.json()) as { orderId: string; orderStatus: number };
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, answer.orderId));
    return { status: paid.status, answer, order: order!, cart };
  };

  it('newfinishpayment: the order records the commissioner as seller, channel 2, SiteCommissioner and its refund value', async () => {
    const sold = await buy('/api/CommissionersLandingPage/newfinishpayment', active.id);
    expect(sold.status).toBe(200);
    expect(sold.answer.orderStatus).toBe(3);
    expect(sold.order).toMatchObject({
      sellerId: active.id,
      channel: 2,
      saleOrigin: 'SiteCommissioner',
      refundServiceCents: 1650,
      totalCents: Math.round(sold.cart.totals.total * 100),
    });
    const v2 = await buy('/api/v2/CommissionersLandingPage/newfinishpayment', active.id);
    expect(v2.order).toMatchObject({ sellerId: active.id, channel: 2, refundServiceCents: 1650 });

    const site = await buy('/checkout/v1', null);
    expect(site.order).toMatchObject({
      sellerId: null,
      channel: 1,
      saleOrigin: 'Site',
      refundServiceCents: 2640,
    });
    // The site's refund costs more here (8 % against 5 %): the totals differ by exactly that.
    expect(site.order.totalCents - sold.order.totalCents).toBe(2640 - 1650);
  });

  it('newfinishpayment refuses a commissioner that does not sell the cart, before any order', async () => {
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: lotOf(show), quantity: 1 });
    const headers = withCookie(person.cookie, {
      'x-session-id': added.body.sessionID,
      'idempotency-key': 'x1',
    }).headers;
    const refused = await t.request('/api/CommissionersLandingPage/newfinishpayment', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: card(), installments: 1 },
        commissionerId: inactiveId,
      }),
    });
    expect(refused.status).toBe(404);
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, person.userId));
    expect(mine).toEqual([]);
    const anonymous = await t.json('/api/CommissionersLandingPage/newfinishpayment', {
      commissionerId: active.id,
    });
    expect(anonymous.status).toBe(401);
  });

  it('the sales view by signed link: per event and per order, CSV with BOM; tampered, expired and other links are refused', async () => {
    const secret = new TextEncoder().encode(LINK_SECRET);
    const token = salesToken(secret, active.id, new Date(Date.now() + 3600_000));
    const sales = await t.request(`/api/commissioners/sales?token=${token}`);
    expect(sales.status).toBe(200);
    expect(sales.headers.get('cache-control')).toContain('no-store');
    const body = (await sales.json()) as TCommissionerSalesResponse;
    expect(body.commissioner).toEqual({ id: active.id, name: 'Revenda Exemplo' });
    const mine = await t.database.db.select().from(orders).where(eq(orders.sellerId, active.id));
    expect(body.orders.map((o) => o.orderId).sort()).toEqual(mine.map((o) => o.id).sort());
    expect(body.events).toEqual([
      expect.objectContaining({
        eventId: show.id,
        orders: mine.length,
        tickets: 2 * mine.length,
        total: mine.reduce((sum, o) => sum + o.totalCents, 0) / 100,
        refundService: (1650 * mine.length) / 100,
      }),
    ]);

    const csv = await t.request(`/api/commissioners/sales.csv?token=${token}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('pedido,pago_em,evento_id,evento,ingressos,total,servico_reembolso,moeda,status');
    expect(lines).toHaveLength(mine.length + 1);
    expect(lines[1]).toMatch(/,Show Exemplo,2,\d+\.\d{2},16\.50,BRL,pago$/);

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = token.replace(/^\d+/, String(inactiveId));
    const expired = salesToken(secret, active.id, new Date(Date.now() - 1000));
    for (const bad of [tampered, forged, expired, 'not-a-token-at-all']) {
      const refused = await t.request(`/api/commissioners/sales?token=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(403);
    }
    // Another commissioner's valid link shows none of these sales (the inactive one is not found at all).
    const other = salesToken(secret, inactiveId, new Date(Date.now() + 3600_000));
    expect((await t.request(`/api/commissioners/sales?token=${other}`)).status).toBe(404);
  });
});
