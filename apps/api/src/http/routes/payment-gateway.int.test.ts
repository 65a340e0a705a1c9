import type { TCartAnswer, TCheckoutGateway, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { orders, payments, tickets, users } from '../../db/schema/index.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import {
  mercadoPagoNotification,
  startMercadoPagoStandIn,
  type TMpStandIn,
} from '../../testing/mercadopago-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

// Mercado Pago's API is unreachable from this machine: the server talks to a local stand-in of
// its documented payments API (testing/mercadopago-stand-in.ts), which records what it receives.
const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const PUBLIC_KEY = 'TEST-standin-public-key';
const SECRET = 'standin-webhook-secret-0123456789';
const CARD = '5031433215406351';
const CVV = '123';

type TError = { Message: string; code: string };

describe.each(testDatabases())('Mercado Pago gateway on %s', (kind) => {
  let t: TTestApp;
  let mp: TMpStandIn;
  /** Every body our API received in this file, to prove card data never did. */
  const bodies: string[] = [];

  beforeAll(async () => {
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_API_BASE: mp.url,
    });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await mp.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    if (typeof init.body === 'string') bodies.push(init.body);
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  /** What Mercado Pago's secure fields do in the browser: send the card to Mercado Pago, get a token. */
  const cardToken = async (cardholder: 'APRO' | 'CONT' | 'OTHE') => {
    const response = await fetch(`${mp.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: CARD,
        security_code: CVV,
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: cardholder, identification: { type: 'CPF', number: '19119119100' } },
      }),
    });
    return ((await response.json()) as { id: string }).id;
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
  const card = async (cardholder: 'APRO' | 'CONT' | 'OTHE') => ({
    paymentType: 'credit_card',
    card: { token: await cardToken(cardholder), installments: 1, paymentMethodId: 'master', issuerId: '24' },
  });
  const issuedFor = async (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  const gatewayRef = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.gatewayRef!;
  const orderStatus = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

  it('tells the payment page to load the Mercado Pago card form with the public key', async () => {
    const gateway = await send<TCheckoutGateway>('/api/checkout/gateway');
    expect(gateway.body).toEqual({
      kind: 'mercadopago',
      cardFormScript: '/mercadopago/card-form.js',
      publicKey: PUBLIC_KEY,
      testMode: false,
      // Checkout pro and its wallet brick (issue 15).
      hostedCheckout: true,
      walletScript: '/mercadopago/wallet.js',
    });
    const script = await t.request('/mercadopago/card-form.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await script.text();
    expect(text).toContain('https://sdk.mercadopago.com/js/v2');
    expect(text).toContain('window.BilhetoCardForm');
    expect((await t.request('/sandbox-gateway/card-form.js')).status).toBe(404);
  });

  it('approves a card: charges Mercado Pago with the token, method, issuer and payer, issues the tickets', async () => {
    const b = await buyer(2);
    const paid = await b.pay('mp-approved-1', await card('APRO'));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'approved', transactionStatus: 'success', orderStatus: 3 });
    expect(await issuedFor(paid.body.orderId)).toHaveLength(2);
    const ref = await gatewayRef(paid.body.orderId);
    const charge = mp.received.find(
      (r) => r.method === 'POST' && r.path === '/v1/payments' && r.body.includes(paid.body.paymentId),
    );
    expect(charge?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(charge?.headers['x-idempotency-key']).toBe(paid.body.paymentId);
    const sent = JSON.parse(charge!.body);
    expect(sent).toMatchObject({
      transaction_amount: paid.body.total,
      installments: 1,
      payment_method_id: 'master',
      issuer_id: 24,
      external_reference: paid.body.paymentId,
      payer: { email: b.person.input.email, identification: { type: 'CPF', number: b.person.input.cpf } },
    });
    expect(sent.token).toMatch(/^[0-9a-f]{32}$/);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.gatewayRef, ref));
    expect(row).toMatchObject({ gateway: 'mercadopago', cardBrand: 'master', cardLast4: '6351' });
  });

  it('a card in process is settled by a signed webhook: tickets issued once, however often it arrives', async () => {
    const b = await buyer(2);
    const pending = await b.pay('mp-contingency-1', await card('CONT'));
    expect(pending.body).toMatchObject({ status: 'in_process', orderStatus: 1 });
    expect(await issuedFor(pending.body.orderId)).toHaveLength(0);
    const ref = await gatewayRef(pending.body.orderId);
    mp.settle(ref, 'approved', 'accredited');
    const first = mercadoPagoNotification(SECRET, ref);
    const again = mercadoPagoNotification(SECRET, ref);
    const answers = await Promise.all([send(first.path, first.init), send(again.path, again.init)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const repeat = mercadoPagoNotification(SECRET, ref);
    expect((await send(repeat.path, repeat.init)).status).toBe(200);
    expect(await issuedFor(pending.body.orderId)).toHaveLength(2);
    expect(await orderStatus(pending.body.orderId)).toBe(3);
  });

  it('a card approved whose answer was lost (timeout) is processing; its signed webhook, known only by our reference, issues the tickets', async () => {
    const gateway = t.app.checkout.gateways.default;
    const chargeCard = gateway.chargeCard;
    // Mercado Pago charges, but its answer arrives after our timeout.
    gateway.chargeCard = async (input) => {
      await chargeCard(input);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    const b = await buyer(1);
    const paid = await b.pay('mp-lost-answer-1', await card('APRO'));
    gateway.chargeCard = chargeCard;
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ transactionStatus: 'processing', orderStatus: 1 });
    expect(await gatewayRef(paid.body.orderId)).toBeNull();
    const charged = [...mp.payments.values()].find((p) => p.external_reference === paid.body.paymentId)!;
    expect(charged.status).toBe('approved');
    const notice = mercadoPagoNotification(SECRET, String(charged.id));
    expect((await send(notice.path, notice.init)).body).toEqual({ received: true });
    expect(await orderStatus(paid.body.orderId)).toBe(3);
    expect(await issuedFor(paid.body.orderId)).toHaveLength(1);
    expect(await gatewayRef(paid.body.orderId)).toBe(String(charged.id));
  });

  it('takes a signed notice it cannot check with Mercado Pago (its API failing) with a 202; the reconciler issues the tickets', async () => {
    const b = await buyer(1);
    const pending = await b.pay('mp-contingency-down', await card('CONT'));
    const ref = await gatewayRef(pending.body.orderId);
    mp.settle(ref, 'approved', 'accredited');
    const gateway = t.app.checkout.gateways.default;
    const getCharge = gateway.getCharge;
    gateway.getCharge = async () => {
      throw new Error('mercadopago get payment failed (no answer): fetch failed');
    };
    try {
      const known = mercadoPagoNotification(SECRET, ref);
      const unknown = mercadoPagoNotification(SECRET, '2147483648');
      for (const notice of [known, unknown])
        expect(await send(notice.path, notice.init)).toEqual({
          status: 202,
          body: { received: true, deferred: true },
        });
      expect(await orderStatus(pending.body.orderId)).toBe(1);
    } finally {
      gateway.getCharge = getCharge;
    }
    await reconcilePayments(t.app.checkout);
    expect(await orderStatus(pending.body.orderId)).toBe(3);
    expect(await issuedFor(pending.body.orderId)).toHaveLength(1);
  });

  it('refuses a notification with a wrong, missing or stale signature (401) and issues nothing', async () => {
    const b = await buyer(1);
    const pending = await b.pay('mp-contingency-2', await card('CONT'));
    const ref = await gatewayRef(pending.body.orderId);
    mp.settle(ref, 'approved', 'accredited');
    const forged = mercadoPagoNotification('not-the-secret-of-this-app', ref);
    expect((await send(forged.path, forged.init)).status).toBe(401);
    const unsigned = mercadoPagoNotification(SECRET, ref);
    const { 'x-signature': _dropped, ...headers } = unsigned.init.headers;
    expect((await send(unsigned.path, { ...unsigned.init, headers })).status).toBe(401);
    const stale = mercadoPagoNotification(SECRET, ref, String(Math.floor(Date.now() / 1000) - 3600));
    expect((await send(stale.path, stale.init)).status).toBe(401);
    // Signed for another payment, sent for this one.
    const other = mercadoPagoNotification(SECRET, '1');
    expect((await send(`/api/webhooks/mercadopago?data.id=${ref}&type=payment`, other.init)).status).toBe(
      401,
    );
    expect(await issuedFor(pending.body.orderId)).toHaveLength(0);
    expect(await orderStatus(pending.body.orderId)).toBe(1);
  });

  it('ignores a signed notification about a payment that is not ours, and caps the body size', async () => {
    const unknown = mercadoPagoNotification(SECRET, '999999999999');
    const answer = await send<{ ignored: boolean }>(unknown.path, unknown.init);
    expect(answer).toEqual({ status: 200, body: { received: true, ignored: true } });
    const big = mercadoPagoNotification(SECRET, '999999999999');
    const huge = await t.request(big.path, {
      ...big.init,
      body: JSON.stringify({ pad: 'x'.repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it('makes a Pix through Mercado Pago: the QR payload is the one Mercado Pago answered', async () => {
    const b = await buyer(1);
    const pix = await b.pay('mp-pix-1', { paymentType: 'pix' });
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ status: 'pending', transactionStatus: 'pending', sandbox: false });
    const ref = await gatewayRef(pix.body.orderId);
    const qr = mp.payments.get(ref)!.point_of_interaction!.transaction_data.qr_code;
    expect(pix.body.pix?.qrCode).toBe(qr);
    const sent = JSON.parse(
      mp.received.find((r) => r.path === '/v1/payments' && r.body.includes(pix.body.paymentId))!.body,
    );
    expect(sent).toMatchObject({ payment_method_id: 'pix', payer: { email: b.person.input.email } });
    expect(Date.parse(sent.date_of_expiration)).toBeGreaterThan(Date.now());
    // The bank pays; Mercado Pago notifies.
    mp.settle(ref, 'approved', 'accredited');
    const note = mercadoPagoNotification(SECRET, ref);
    expect((await send(note.path, note.init)).status).toBe(200);
    expect(await issuedFor(pix.body.orderId)).toHaveLength(1);
  });

  it('the card number and CVV only ever went to Mercado Pago’s token endpoint', () => {
    const card = new RegExp(CARD);
    for (const body of bodies) expect(body).not.toMatch(card);
    const carrying = mp.received.filter((r) => card.test(r.body) || card.test(r.path));
    expect(carrying.length).toBeGreaterThan(0);
    expect(new Set(carrying.map((r) => r.path.split('?')[0]))).toEqual(new Set(['/v1/card_tokens']));
    const charges = mp.received.filter((r) => r.path === '/v1/payments' && r.method === 'POST');
    expect(charges.length).toBeGreaterThan(0);
    for (const charge of charges) expect(charge.body).not.toMatch(/security_code|card_number/);
  });
});

describe('page CSP by gateway', () => {
  const pageCsp = async (env: Record<string, string>) => {
    const t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'off', ...env });
    try {
      const response = await t.request('/no-such-page');
      const csp = response.headers.get('content-security-policy') ?? '';
      return Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!, values]),
      ) as Record<string, string[]>;
    } finally {
      await t.close();
    }
  };

  it('allows Mercado Pago’s SDK, secure-field iframes and API only when it is the gateway', async () => {
    const mp = await pageCsp({
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    });
    expect(mp['script-src']).toContain('https://sdk.mercadopago.com');
    expect(mp['frame-src']).toEqual(
      expect.arrayContaining(['https://secure-fields.mercadopago.com', 'https://api-static.mercadopago.com']),
    );
    expect(mp['connect-src']).toContain('https://api.mercadopago.com');
    expect(mp['frame-src']).not.toContain("'none'");

    const sandbox = await pageCsp({});
    const all = Object.values(sandbox).flat().join(' ');
    expect(all).not.toMatch(/mercadopago|mercadolibre|mlstatic/);
    expect(sandbox['frame-src']).toEqual(["'none'"]);
    expect(sandbox['script-src']).toContain("'self'");
  });
});
