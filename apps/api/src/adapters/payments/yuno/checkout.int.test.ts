import type { TCartAnswer, TCheckoutGateway, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../../db/orm.ts';
import { orders, payments, tickets, users } from '../../../db/schema/index.ts';
import { register, withCookie } from '../../../testing/accounts.ts';
import { createCartFixture } from '../../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../../testing/test-app.ts';
import { startYunoStandIn, type TYunoStandIn, yunoNotice } from '../../../testing/yuno-stand-in.ts';

// Yuno's API is unreachable from this machine: the server talks to a local stand-in of its
// documented API (testing/yuno-stand-in.ts), which records what it receives.
const CREDENTIALS = {
  publicApiKey: 'sandbox_gAAAAABstandin-public-api-key',
  privateSecretKey: 'sandbox_gAAAAABstandin-private-secret-key',
  accountId: '2c05976d-0000-4000-8000-6421883de48d',
};
const SECRET = 'standin-yuno-webhook-secret-0123456789';
const CARD = '4507990000000002';

type TError = { Message: string; code: string };

/** The checkout with Yuno as the site's gateway: charge, review settled by a signed notice, Pix. */
describe.each(testDatabases())('Yuno gateway through the checkout on %s', (kind) => {
  let t: TTestApp;
  let yuno: TYunoStandIn;
  /** Every body our API received in this file, to prove card data never did. */
  const bodies: string[] = [];

  beforeAll(async () => {
    yuno = await startYunoStandIn(CREDENTIALS);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_GATEWAY: 'yuno',
      YUNO_PUBLIC_API_KEY: CREDENTIALS.publicApiKey,
      YUNO_PRIVATE_SECRET_KEY: CREDENTIALS.privateSecretKey,
      YUNO_ACCOUNT_ID: CREDENTIALS.accountId,
      YUNO_WEBHOOK_SECRET: SECRET,
      YUNO_API_BASE: yuno.url,
    });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await yuno.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    if (typeof init.body === 'string') bodies.push(init.body);
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  /** What the card form does: a session from our server, then Yuno's SDK posts the card to Yuno. */
  const cardToken = async (number: string, holder = 'Maria da Silva') => {
    const { session } = await t.app.checkout.gateways.byKind('yuno')!.browser.session!.start({
      amountCents: 1,
      currency: 'BRL',
      payerEmail: 'comprador@example.com',
    });
    const response = await fetch(`${yuno.url}/v1/checkout/sessions/${session}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'public-api-key': CREDENTIALS.publicApiKey },
      body: JSON.stringify({
        payment_method: {
          type: 'CARD',
          card: {
            number,
            expiration_month: 11,
            expiration_year: 28,
            security_code: '123',
            holder_name: holder,
          },
        },
      }),
    });
    return `${session}:${((await response.json()) as { token: string }).token}`;
  };
  const buyer = async (quantity = 2) => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const pay = (key: string, body: unknown) =>
      send<TPaymentAnswer & TError>('/checkout/v1', {
        method: 'POST',
        ...withCookie(person.cookie, { 'x-session-id': added.body.sessionID, 'idempotency-key': key }),
        body: JSON.stringify(body),
      });
    return { f, person, pay };
  };
  const card = async (number: string, holder?: string) => ({
    paymentType: 'credit_card',
    card: { token: await cardToken(number, holder), installments: 1 },
  });
  const issuedFor = async (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  const gatewayRef = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.gatewayRef!;
  const orderStatus = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const notify = (ref: string, options: { sign?: boolean; ageSeconds?: number } = {}) => {
    const notice = yunoNotice(yuno, SECRET, ref, options);
    return send<{ received: boolean; ignored?: boolean }>('/api/webhooks/yuno', {
      method: 'POST',
      headers: notice.headers,
      body: notice.rawBody,
    });
  };

  it('tells the payment page to load the Yuno card form with the public key', async () => {
    const gateway = await send<TCheckoutGateway>('/api/checkout/gateway');
    expect(gateway.body).toMatchObject({
      kind: 'yuno',
      cardFormScript: '/yuno/card-form.js',
      publicKey: CREDENTIALS.publicApiKey,
      testMode: false,
    });
    const script = await t.request('/yuno/card-form.js');
    expect(script.status).toBe(200);
    const text = await script.text();
    expect(text).toContain('https://sdk-web.y.uno/v1.10/main.js');
    expect(text).toContain('window.BilhetoCardForm');
  });

  it('approves a card: one payment at Yuno with our payment id, the session and the token; tickets issued', async () => {
    const b = await buyer(2);
    const paid = await b.pay('yuno-approved-1', await card(CARD));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'approved', transactionStatus: 'success', orderStatus: 3 });
    expect(await issuedFor(paid.body.orderId)).toHaveLength(2);
    const charge = yuno.received.find(
      (r) => r.method === 'POST' && r.path === '/v1/payments' && r.body.includes(paid.body.paymentId),
    )!;
    expect(charge.headers['x-idempotency-key']).toBe(paid.body.paymentId);
    expect(JSON.parse(charge.body)).toMatchObject({
      merchant_order_id: paid.body.paymentId,
      amount: { currency: 'BRL', value: paid.body.total },
      customer_payer: { email: b.person.input.email },
    });
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.gatewayRef, await gatewayRef(paid.body.orderId)));
    expect(row).toMatchObject({ gateway: 'yuno', cardBrand: 'visa', cardLast4: '0002' });
  });

  it('declines a Test Payment Gateway declined card: nothing issued', async () => {
    const b = await buyer(1);
    const declined = await b.pay('yuno-declined-1', await card('4507990000000028'));
    expect(declined.body).toMatchObject({ status: 'rejected' });
    expect(await issuedFor(declined.body.orderId)).toHaveLength(0);
  });

  it('a card in review is settled by a signed notice, issued once however often it arrives; forged or stale ones are refused', async () => {
    const b = await buyer(2);
    const pending = await b.pay('yuno-review-1', await card('4111111111111111', 'PENDING'));
    expect(pending.body).toMatchObject({ status: 'in_process', orderStatus: 1 });
    const ref = await gatewayRef(pending.body.orderId);
    yuno.settle(ref, 'approved');
    expect((await notify(ref, { sign: false })).status).toBe(401);
    expect((await notify(ref, { ageSeconds: 3_600 })).status).toBe(401);
    expect(await issuedFor(pending.body.orderId)).toHaveLength(0);
    const answers = await Promise.all([notify(ref), notify(ref)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await notify(ref)).status).toBe(200);
    expect(await issuedFor(pending.body.orderId)).toHaveLength(2);
    expect(await orderStatus(pending.body.orderId)).toBe(3);
  });

  it('makes a Pix through Yuno: the QR payload is the BR Code Yuno answered; paid, it issues the ticket', async () => {
    const b = await buyer(1);
    const pix = await b.pay('yuno-pix-1', { paymentType: 'pix' });
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ status: 'pending', transactionStatus: 'pending', sandbox: false });
    const ref = await gatewayRef(pix.body.orderId);
    expect(pix.body.pix?.qrCode).toBe(yuno.payments.get(ref)!.brCode);
    yuno.settle(ref, 'approved');
    expect((await notify(ref)).body).toEqual({ received: true });
    expect(await issuedFor(pix.body.orderId)).toHaveLength(1);
  });

  it('the card number and CVV only ever went to Yuno’s token endpoint', () => {
    const carrying = yuno.received.filter((r) => r.body.includes(CARD));
    expect(carrying.length).toBeGreaterThan(0);
    for (const r of carrying) expect(r.path).toMatch(/^\/v1\/checkout\/sessions\/[0-9a-f-]+\/token$/);
    for (const body of bodies) expect(body).not.toMatch(new RegExp(`${CARD}|security_code`));
  });
});
