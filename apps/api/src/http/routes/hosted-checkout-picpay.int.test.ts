import type { TCheckoutGateway, THostedCheckoutAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { events, ticketLots, tickets } from '../../db/schema/index.ts';
import { withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { startPicPayStandIn, type TPicPayStandIn } from '../../testing/picpay-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const TOKEN = 'standin-picpay-token-0123456789';
const SELLER_TOKEN = 'standin-picpay-seller-token-0123456789';

/**
 * Issue 31 item 12: an event of gateway 2 (commerce §9, PicPay) is paid on PicPay's page: the
 * payment request made with our payment id as referenceId and the value in reais, PicPay's callback
 * (x-seller-token) only naming the order, whose status we ask before settling it.
 */
describe.each(testDatabases())('PicPay checkout on %s', (kind) => {
  let t: TTestApp;
  let pp: TPicPayStandIn;

  beforeAll(async () => {
    pp = await startPicPayStandIn(TOKEN, SELLER_TOKEN);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PICPAY_TOKEN: TOKEN,
      PICPAY_SELLER_TOKEN: SELLER_TOKEN,
      PICPAY_API_BASE: pp.url,
    });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await pp.close();
  });

  const start = async (quantity: number) => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.update(events).set({ gateway: 2 }).where(eq(events.id, f.eventId));
    const b = await checkoutBuyer(t);
    const added = await b.add(f.lotId, quantity);
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
    const callback = (referenceId: string, sellerToken = SELLER_TOKEN) =>
      t.request('/api/webhooks/picpay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-seller-token': sellerToken },
        body: JSON.stringify({ referenceId, authorizationId: pp.payments.get(referenceId)?.authorizationId }),
      });
    return { f, b, added, create, callback };
  };

  it('sells gateway 2 through PicPay: no card or Pix of ours, a PicPay page for the order', async () => {
    const { f, added, create } = await start(2);
    expect(added.body.cart).toMatchObject({
      checkoutGateway: 'PicPay',
      creditCardPaymentMethod: false,
      pixPaymentMethod: false,
    });
    const gateway = (await (
      await t.request(`/api/checkout/gateway?eventId=${f.eventId}`)
    ).json()) as TCheckoutGateway;
    expect(gateway).toMatchObject({ kind: 'picpay', hostedCheckout: true, publicKey: null });

    const made = await create('picpay-hosted-1');
    expect(made.status).toBe(200);
    const sent = pp.received.filter((r) => r.method === 'POST' && r.path === '/payments');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['x-picpay-token']).toBe(TOKEN);
    const body = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    const total = added.body.cart!.totals.total;
    expect(body).toMatchObject({
      referenceId: made.body.paymentId,
      value: total,
      callbackUrl: expect.stringMatching(/\/api\/webhooks\/picpay$/),
      returnUrl: expect.stringContaining(`/pedido/${made.body.orderId}`),
      buyer: { document: expect.stringMatching(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/), email: expect.any(String) },
    });
    expect(made.body.url).toBe(`${pp.url}/checkout/${made.body.paymentId}`);
    // The status PicPay answers carries what was asked: the amount in cents, in reais.
    const gatewayView = t.app.checkout.gateways.byKind('picpay')!;
    expect(await gatewayView.getCharge(made.body.paymentId)).toMatchObject({
      status: 'pending',
      amountCents: Math.round(total * 100),
      currency: 'BRL',
    });
  });

  it("settles the order when PicPay's callback names it: the status asked, not the callback, decides", async () => {
    const { b, create, callback } = await start(2);
    const made = await create('picpay-hosted-2');
    // A callback before the buyer paid changes nothing.
    expect((await callback(made.body.paymentId)).status).toBe(200);
    expect((await b.poll(made.body.orderId)).body).toMatchObject({
      status: expect.not.stringMatching(/^approved$/),
    });
    // A forged callback (wrong seller token) is refused.
    pp.pay(made.body.paymentId);
    expect((await callback(made.body.paymentId, `${SELLER_TOKEN}-forged`)).status).toBe(401);
    // The buyer pays in the app; PicPay calls back.
    const notified = await callback(made.body.paymentId);
    expect(await notified.json()).toEqual({ received: true });
    expect((await b.poll(made.body.orderId)).body as TPaymentAnswer).toMatchObject({
      orderStatus: 3,
      status: 'approved',
    });
    const issued = await t.database.db.select().from(tickets).where(eq(tickets.orderId, made.body.orderId));
    expect(issued).toHaveLength(2);
    // The same callback again (PicPay retries) issues nothing more.
    await callback(made.body.paymentId);
    expect(
      await t.database.db.select().from(tickets).where(eq(tickets.orderId, made.body.orderId)),
    ).toHaveLength(2);
  });

  it('cancelled by the buyer: the PicPay request is cancelled and the units go back', async () => {
    const { f, b, create } = await start(1);
    const made = await create('picpay-hosted-cancel');
    const response = await t.request(`/api/checkoutPro/${made.body.preferenceId}`, {
      method: 'DELETE',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId ?? '' }).headers,
    });
    expect(((await response.json()) as TPaymentAnswer).orderStatus).toBe(8);
    expect(pp.received.some((r) => r.path === `/payments/${made.body.preferenceId}/cancellations`)).toBe(
      true,
    );
    expect(pp.payments.get(made.body.preferenceId)?.status).toBe('expired');
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    expect(lot).toMatchObject({ held: 0, sold: 0 });
  });
});
