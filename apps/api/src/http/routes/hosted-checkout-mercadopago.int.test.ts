import type { TCheckoutGateway, THostedCheckoutAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { events, ticketLots, tickets } from '../../db/schema/index.ts';
import { withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import {
  mercadoPagoNotification,
  startMercadoPagoStandIn,
  type TMpStandIn,
} from '../../testing/mercadopago-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const SECRET = 'standin-webhook-secret-0123456789';

/**
 * Issue 15: Checkout Pro and the wallet brick on Mercado Pago (an event with gateway 1): the
 * preference made through the SDK's Preference client, the payment on Mercado Pago's page found
 * by our external_reference through the webhook, and a cancelled preference expired at Mercado Pago.
 */
describe.each(testDatabases())('Mercado Pago checkout pro on %s', (kind) => {
  let t: TTestApp;
  let mp: TMpStandIn;

  beforeAll(async () => {
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_PUBLIC_KEY: 'TEST-standin-public-key',
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_API_BASE: mp.url,
    });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await mp.close();
  });

  const start = async (quantity: number) => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.update(events).set({ gateway: 1 }).where(eq(events.id, f.eventId));
    const b = await checkoutBuyer(t);
    expect((await b.add(f.lotId, quantity)).body.cart).toMatchObject({
      checkoutGateway: 'MercadoPago',
      showYellowButton: true,
    });
    const headers = (key?: string) =>
      withCookie(b.person.cookie, {
        'x-session-id': b.sessionId ?? '',
        ...(key ? { 'idempotency-key': key } : {}),
      }).headers;
    const create = async (key: string) => {
      const response = await t.request('/api/checkoutPro/create', {
        method: 'POST',
        headers: headers(key),
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as THostedCheckoutAnswer };
    };
    const cancel = async (id: string) => {
      const response = await t.request(`/api/checkoutPro/${id}`, { method: 'DELETE', headers: headers() });
      return { status: response.status, body: (await response.json()) as TPaymentAnswer };
    };
    return { f, b, create, cancel };
  };

  it('the gateway says where its wallet script is; a preference is made through the SDK with our reference', async () => {
    const { f, b, create } = await start(2);
    const gateway = (await (
      await t.request(`/api/checkout/gateway?eventId=${f.eventId}`)
    ).json()) as TCheckoutGateway;
    expect(gateway).toMatchObject({ hostedCheckout: true, walletScript: '/mercadopago/wallet.js' });
    const script = await t.request('/mercadopago/wallet.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain("bricks().create('wallet'");

    const made = await create('mp-hosted-1');
    expect(made.status).toBe(200);
    const sent = mp.received.filter((r) => r.method === 'POST' && r.path.startsWith('/checkout/preferences'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['x-idempotency-key']).toBe(`preference-${made.body.paymentId}`);
    const body = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      external_reference: made.body.paymentId,
      auto_return: 'approved',
      expires: true,
      back_urls: { success: expect.stringContaining(`/pedido/${made.body.orderId}`) },
      notification_url: expect.stringMatching(/\/api\/webhooks\/mercadopago$/),
      items: [{ quantity: 1, currency_id: 'BRL', unit_price: expect.any(Number) }],
    });
    const preference = mp.preferences.get(made.body.preferenceId)!;
    expect(made.body.url).toBe(preference.init_point);
    // A repeat with the same key answers the same preference, with no second call to Mercado Pago.
    expect((await create('mp-hosted-1')).body).toEqual(made.body);
    expect(mp.received.filter((r) => r.path.startsWith('/checkout/preferences'))).toHaveLength(1);

    // The buyer pays with their Mercado Pago account on Mercado Pago's page and is sent back.
    const page = await fetch(made.body.url);
    expect(await page.text()).toContain('Pagar com saldo em conta');
    const paid = await fetch(made.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=account',
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe(`/pedido/${made.body.orderId}`);
    expect(back.searchParams.get('external_reference')).toBe(made.body.paymentId);
    expect(back.searchParams.get('collection_status')).toBe('approved');
    // Mercado Pago's notice (about a payment id we never saw) is matched through its external_reference.
    const { path, init } = mercadoPagoNotification(SECRET, back.searchParams.get('payment_id')!);
    const notified = await t.request(path, init);
    expect(await notified.json()).toEqual({ received: true });
    expect((await b.poll(made.body.orderId)).body).toMatchObject({ orderStatus: 3, status: 'approved' });
    const issued = await t.database.db.select().from(tickets).where(eq(tickets.orderId, made.body.orderId));
    expect(issued).toHaveLength(2);
  });

  it('cancelled by the buyer: the preference expires at Mercado Pago, the order ends, the page takes nothing', async () => {
    const { f, create, cancel } = await start(1);
    const made = await create('mp-hosted-cancel-1');
    const cancelled = await cancel(made.body.preferenceId);
    expect(cancelled.body).toMatchObject({ orderStatus: 8, statusDetail: 'hosted_by_payer' });
    const put = mp.received.find(
      (r) => r.method === 'PUT' && r.path === `/checkout/preferences/${made.body.preferenceId}`,
    );
    expect(JSON.parse(put!.body)).toMatchObject({ expires: true, expiration_date_to: expect.any(String) });
    const late = await fetch(made.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=account',
      redirect: 'manual',
    });
    expect(late.status).toBe(400);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    expect(lot).toMatchObject({ held: 0, sold: 0 });
  });

  it("someone else's preference id is refused (404) and stays open at Mercado Pago", async () => {
    const owner = await start(1);
    const made = await owner.create('mp-hosted-owner-1');
    expect(made.status).toBe(200);
    const stranger = await start(1);
    expect((await stranger.cancel(made.body.preferenceId)).status).toBe(404);
    expect(mp.received.some((r) => r.method === 'PUT' && r.path.includes(made.body.preferenceId))).toBe(
      false,
    );
    expect((await owner.b.poll(made.body.orderId)).body).toMatchObject({ orderStatus: 1 });
  });
});
