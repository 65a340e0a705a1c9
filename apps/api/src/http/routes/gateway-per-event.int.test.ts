import type { TCartAnswer, TCheckoutGateway, TInstallmentOption } from '@ingressos/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { events, payments } from '../../db/schema/index.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import {
  mercadoPagoNotification,
  startMercadoPagoStandIn,
  type TMpStandIn,
} from '../../testing/mercadopago-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const SECRET = 'standin-webhook-secret-0123456789';
const UNAVAILABLE = 'As vendas deste evento estão indisponíveis no momento. Tente novamente mais tarde.';

/**
 * Issue 14: several gateways configured at once (the sandbox as the site's default, Mercado Pago
 * beside it), each event sold by the one its catalogue entry names (commerce §9 enumeration), and
 * an event naming a gateway this site has no credentials for is not sellable.
 */
describe.each(testDatabases())('a gateway per event on %s', (kind) => {
  let t: TTestApp;
  let mp: TMpStandIn;
  /** A fresh catalogue per case: what a lot belongs to is cached for a few seconds by the cart. */
  let f: TCartFixture;

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
  beforeEach(async () => {
    f = await createCartFixture(t.database.db);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await mp.close();
  });

  const setGateway = (eventId: number, gateway: number | null, currency: 'BRL' | 'USD' = 'BRL') =>
    t.database.db.update(events).set({ gateway, currency }).where(eq(events.id, eventId));
  const paymentRow = async (paymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
  const get = async <T>(path: string) => {
    const response = await t.request(path);
    return { status: response.status, body: (await response.json()) as T };
  };
  const cardForm = (eventId: number) => get<TCheckoutGateway>(`/api/checkout/gateway?eventId=${eventId}`);

  it('sells an event that names no gateway through the default, and one naming Mercado Pago through Mercado Pago', async () => {
    await setGateway(f.eventId, null);
    await setGateway(f.otherEventId, 1);

    const atDefault = await checkoutBuyer(t);
    const own = await atDefault.add(f.lotId, 1);
    expect(own.body.cart).toMatchObject({
      gateway: null,
      checkoutGateway: 'Main',
      creditCardPaymentMethod: true,
      pixPaymentMethod: true,
    });
    expect((await cardForm(f.eventId)).body).toMatchObject({ kind: 'sandbox', testMode: true });
    const paidAtDefault = await atDefault.pay('per-event-default', cardBody('apro'));
    expect(paidAtDefault.body.transactionStatus).toBe('success');
    expect((await paymentRow(paidAtDefault.body.paymentId)).gateway).toBe('sandbox');

    const atMp = await checkoutBuyer(t);
    const other = await atMp.add(f.otherEventLotId, 1);
    expect(other.body.cart).toMatchObject({
      gateway: 1,
      checkoutGateway: 'MercadoPago',
      pixPaymentMethod: true,
    });
    expect((await cardForm(f.otherEventId)).body).toMatchObject({
      kind: 'mercadopago',
      cardFormScript: '/mercadopago/card-form.js',
      publicKey: 'TEST-standin-public-key',
      testMode: false,
    });
    const before = mp.received.length;
    const pix = await atMp.pay('per-event-mp', { paymentType: 'pix' });
    expect(pix.body).toMatchObject({ status: 'pending', orderStatus: 1 });
    expect(mp.received.slice(before).some((r) => r.method === 'POST' && r.path === '/v1/payments')).toBe(
      true,
    );
    const row = await paymentRow(pix.body.paymentId);
    expect(row.gateway).toBe('mercadopago');

    // Each configured gateway has its own webhook: the bank pays, Mercado Pago says so, tickets follow.
    mp.settle(row.gatewayRef!, 'approved', 'accredited');
    const notice = mercadoPagoNotification(SECRET, row.gatewayRef!);
    expect((await t.request(notice.path, notice.init)).status).toBe(200);
    expect((await atMp.poll(pix.body.orderId)).body).toMatchObject({ transactionStatus: 'success' });
    // Both card forms are served: the sandbox's and Mercado Pago's.
    expect((await t.request('/sandbox-gateway/card-form.js')).status).toBe(200);
    expect((await t.request('/mercadopago/card-form.js')).status).toBe(200);
  });

  it('the cart offers only what the event’s gateway takes: Mercado Pago charges no dollars', async () => {
    await setGateway(f.otherEventId, 1, 'USD');
    const b = await checkoutBuyer(t);
    const added = await b.add(f.otherEventLotId, 1);
    expect(added.body.cart).toMatchObject({
      checkoutGateway: 'MercadoPago',
      currency: 'USD',
      creditCardPaymentMethod: false,
      pixPaymentMethod: false,
    });
    const paid = await b.pay('per-event-usd-mp', { paymentType: 'pix' });
    expect(paid.status).toBe(422);
  });

  it('an event naming a gateway with no credentials here is not sellable, and says so', async () => {
    await setGateway(f.otherEventId, 7);
    const b = await checkoutBuyer(t);
    const refused = await b.add(f.otherEventLotId, 1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ Message: UNAVAILABLE });
    const form = await cardForm(f.otherEventId);
    expect(form.status).toBe(409);
    const plans = await get<TInstallmentOption[]>(
      `/api/socialEvent/${f.otherEventId}/getInstallments?value=100`,
    );
    expect(plans.body).toEqual([]);
  });

  it('a cart whose event lost its gateway after it was filled cannot be paid: nothing reaches any gateway', async () => {
    await setGateway(f.otherEventId, 1);
    const b = await checkoutBuyer(t);
    expect((await b.add(f.otherEventLotId, 1)).status).toBe(200);
    await setGateway(f.otherEventId, 8);
    const cart = await t.json<TCartAnswer>('/api/v3/getcart', { sessionId: b.sessionId });
    expect(cart.body.cart).toMatchObject({ checkoutGateway: null, creditCardPaymentMethod: false });
    const before = mp.received.length;
    const paid = await b.pay('per-event-lost', { paymentType: 'pix' });
    expect(paid.status).toBe(409);
    expect(paid.body.Message).toBe(UNAVAILABLE);
    expect(mp.received.length).toBe(before);
  });
});
