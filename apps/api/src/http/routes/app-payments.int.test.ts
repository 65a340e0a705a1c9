import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import type { TCheckoutSessionIssued, TCheckoutSessionView } from '@ingressos/contracts/app-bridge';
import type { TGatewayTransaction } from '@ingressos/contracts/payment-aliases';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from '../../db/orm.ts';
import { orders, users } from '../../db/schema/index.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const token = (outcome: 'apro' | 'rej' | 'pend') =>
  `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const card = (outcome: 'apro' | 'rej' | 'pend') => ({ token: token(outcome), installments: 1 });
let keys = 0;
const key = () => `app-pay-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(testDatabases())('the mobile app pages and the other payment paths on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.app.checkout.idle();
    await t.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T & TError };
  };

  /** A verified buyer, as the app holds them (a Bearer token), with a cart of `quantity` tickets. */
  const buyer = async (quantity = 1) => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const sessionId = added.body.sessionID;
    const auth = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' };
    const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      send<T>(path, {
        method: 'POST',
        headers: { ...auth, 'x-session-id': sessionId, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const get = <T>(path: string, headers: Record<string, string> = {}) =>
      send<T>(path, { headers: { ...auth, ...headers } });
    return { f, person, sessionId, post, get };
  };

  const view = (checkoutSession: string) =>
    send<TCheckoutSessionView>(`/api/checkout/app-session?checkoutSession=${checkoutSession}`);
  const payIt = (checkoutSession: string, outcome: 'apro' | 'rej' | 'pend', idempotencyKey = key()) =>
    send<TPaymentAnswer>('/api/checkout/app-session/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ checkoutSession, card: card(outcome) }),
    });

  describe('the checkout session (/checkout_status)', () => {
    it('is issued for the buyer’s cart, shows what the page needs, and pays it once by card', async () => {
      const b = await buyer(2);
      const issued = await b.post<TCheckoutSessionIssued>('/api/checkout/app-session', {
        identificationTickets: [],
      });
      expect(issued.status).toBe(200);
      expect(issued.body.checkoutSession).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(issued.body.url).toBe(`/checkout_status?checkoutSession=${issued.body.checkoutSession}`);
      const expires = Date.parse(issued.body.expiresAt) - Date.now();
      expect(expires).toBeGreaterThan(60_000);
      expect(expires).toBeLessThanOrEqual(15 * 60_000);
      // Opaque: neither the buyer's id nor the cart session shows in it.
      const decoded = Buffer.from(issued.body.checkoutSession, 'base64url').toString('latin1');
      expect(decoded).not.toContain(b.person.userId);
      expect(decoded).not.toContain(b.sessionId);

      const shown = await view(issued.body.checkoutSession);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        eventId: b.f.eventId,
        tickets: 2,
        currency: 'BRL',
        gateway: { kind: 'sandbox', cardFormScript: '/sandbox-gateway/card-form.js', testMode: true },
      });
      expect(shown.body.total).toBeGreaterThan(0);
      expect(shown.body.installments[0]).toMatchObject({ installments: 1 });

      const attempt = key();
      const paid = await payIt(issued.body.checkoutSession, 'apro', attempt);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'approved', transactionStatus: 'success', orderStatus: 3 });
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
      expect(order?.userId).toBe(b.person.userId);
      // The same attempt again answers the same order; a new one finds nothing left to pay.
      const replay = await payIt(issued.body.checkoutSession, 'apro', attempt);
      expect(replay.body.orderId).toBe(paid.body.orderId);
      const again = await payIt(issued.body.checkoutSession, 'apro');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('cart_empty');
      expect((await view(issued.body.checkoutSession)).body.code).toBe('cart_empty');
    });

    it('declines a refused card (402) and lets the same session pay with another card', async () => {
      const b = await buyer(1);
      const issued = await b.post<TCheckoutSessionIssued>('/api/checkout/app-session', {});
      const declined = await payIt(issued.body.checkoutSession, 'rej');
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ status: 'rejected', transactionStatus: 'error', orderStatus: 7 });
      expect(declined.body.message).toMatch(/não foi autorizado/);
      const paid = await payIt(issued.body.checkoutSession, 'apro');
      expect(paid.status).toBe(200);
      expect(paid.body.transactionStatus).toBe('success');
    });

    it('answers a card under review as pending (order 1): the app follows the order', async () => {
      const b = await buyer(1);
      const issued = await b.post<TCheckoutSessionIssued>('/api/checkout/app-session', {});
      const pending = await payIt(issued.body.checkoutSession, 'pend');
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ status: 'in_process', orderStatus: 1 });
      const order = await b.get<TPaymentAnswer>(`/api/checkout/orders/${pending.body.orderId}`);
      expect(order.body.orderStatus).toBe(1);
    });

    it('refuses bad input with a 4xx: no login, no cart, a bad CPF, a forged, tampered or expired token', async () => {
      const b = await buyer(1);
      const anonymous = await send('/api/checkout/app-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': b.sessionId },
        body: '{}',
      });
      expect(anonymous.status).toBe(401);
      const noCart = await b.post('/api/checkout/app-session', {}, { 'x-session-id': 'a'.repeat(32) });
      expect(noCart.status).toBe(409);
      expect(noCart.body.code).toBe('cart_empty');
      const badCpf = await b.post('/api/checkout/app-session', {
        identificationTickets: [{ indexItem: 0, cpfs: ['123.456.789-00'] }],
      });
      expect(badCpf.status).toBe(400);
      expect((await b.post('/api/checkout/app-session', '{"identificationTickets":')).status).toBe(400);

      const issued = await b.post<TCheckoutSessionIssued>('/api/checkout/app-session', {});
      const session = issued.body.checkoutSession;
      expect((await view('short')).status).toBe(400);
      const forged = await view('A'.repeat(80));
      expect(forged.status).toBe(404);
      expect(forged.body.code).toBe('checkout_session_invalid');
      expect(forged.body.Message).toMatch(/Sessão de pagamento inválida/);
      // One character changed anywhere in the sealed part: not ours.
      const at = 30;
      const tampered = `${session.slice(0, at)}${session[at] === 'A' ? 'B' : 'A'}${session.slice(at + 1)}`;
      expect((await view(tampered)).body.code).toBe('checkout_session_invalid');
      expect((await payIt(tampered, 'apro')).status).toBe(404);
      const noKey = await send('/api/checkout/app-session/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkoutSession: session, card: card('apro') }),
      });
      expect(noKey.status).toBe(400);
      const cardData = await send('/api/checkout/app-session/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key() },
        body: JSON.stringify({
          checkoutSession: session,
          card: { ...card('apro'), number: '4111111111111111' },
        }),
      });
      expect(cardData.status).toBe(400);

      const later = Date.now() + 16 * 60_000;
      const now = vi.spyOn(Date, 'now').mockReturnValue(later);
      try {
        const expired = await view(session);
        expect(expired.status).toBe(410);
        expect(expired.body.code).toBe('checkout_session_expired');
        expect((await payIt(session, 'apro')).status).toBe(410);
      } finally {
        now.mockRestore();
      }
    });

    it('lets only our own origin frame /checkout_status (the parent.postMessage fallback); other pages none', async () => {
      const status = await t.request('/checkout_status');
      expect(status.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(status.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const payment = await t.request('/pagamento');
      expect(payment.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('pays only the buyer and the cart it was issued for', async () => {
      const a = await buyer(1);
      const stranger = await buyer(1);
      const issued = await a.post<TCheckoutSessionIssued>('/api/checkout/app-session', {});
      // Whoever carries the token pays A's cart for A: the order is A's, never the carrier's.
      const paid = await send<TPaymentAnswer>('/api/checkout/app-session/pay', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stranger.person.token}`,
          'content-type': 'application/json',
          'idempotency-key': key(),
          'x-session-id': stranger.sessionId,
        },
        body: JSON.stringify({ checkoutSession: issued.body.checkoutSession, card: card('apro') }),
      });
      expect(paid.status).toBe(200);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
      expect(order?.userId).toBe(a.person.userId);
      // The stranger's own cart is untouched, and A's payment is not the stranger's to read.
      const cart = await t.json<TCartAnswer>('/api/v3/getcart', { sessionId: stranger.sessionId });
      expect(cart.body.cart?.items[0]?.quantity).toBe(1);
      expect((await stranger.get(`/api/v1/paymentGatewayTransaction/${paid.body.paymentId}`)).status).toBe(
        404,
      );
      // A new cart in A's session is not the cart the token was sealed for.
      await t.json('/api/v4/addtocart', { lotId: a.f.lotId, quantity: 1, sessionId: a.sessionId });
      const other = await payIt(issued.body.checkoutSession, 'apro');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('cart_empty');
    });
  });

  describe('the spec’s other payment paths', () => {
    for (const path of [
      '/api/v1/website/checkout',
      '/api/v2/website/checkout',
      '/api/v1/website/newfinishpayment',
      '/api/v2/website/newfinishpayment',
    ])
      it(`${path} is POST /checkout/v1: approves, declines, refuses bad input`, async () => {
        const b = await buyer(1);
        const bad = await b.post(path, { paymentType: 'boleto' }, { 'idempotency-key': key() });
        expect(bad.status).toBe(400);
        const broken = await b.post(path, '{"paymentType":', { 'idempotency-key': key() });
        expect(broken.status).toBe(400);
        const noKey = await b.post(path, { paymentType: 'credit_card', card: card('apro') });
        expect(noKey.status).toBe(400);
        const declined = await b.post<TPaymentAnswer>(
          path,
          { paymentType: 'credit_card', card: card('rej') },
          { 'idempotency-key': key() },
        );
        expect(declined.status).toBe(402);
        expect(declined.body.transactionStatus).toBe('error');
        const attempt = key();
        const paid = await b.post<TPaymentAnswer>(
          path,
          { paymentType: 'credit_card', card: card('apro') },
          { 'idempotency-key': attempt },
        );
        expect(paid.status).toBe(200);
        expect(paid.body).toMatchObject({ status: 'approved', orderStatus: 3 });
        // Someone else's attempt key is not a way to someone else's order.
        const stranger = await buyer(1);
        const theirs = await stranger.post<TPaymentAnswer>(
          path,
          { paymentType: 'credit_card', card: card('apro') },
          { 'idempotency-key': attempt },
        );
        expect(theirs.body.orderId).not.toBe(paid.body.orderId);
      });

    it('answers 404 for a version the spec does not have', async () => {
      const b = await buyer(1);
      const answer = await b.post(
        '/api/v3/website/checkout',
        { paymentType: 'credit_card', card: card('apro') },
        {
          'idempotency-key': key(),
        },
      );
      expect(answer.status).toBe(404);
    });

    it('POST api/mercadopago/pix/{v}create makes a Pix through the same create-payment', async () => {
      const b = await buyer(1);
      const bad = await b.post(
        '/api/mercadopago/pix/v1/create',
        { identificationTickets: 'x' },
        { 'idempotency-key': key() },
      );
      expect(bad.status).toBe(400);
      const pix = await b.post<TPaymentAnswer>(
        '/api/mercadopago/pix/v1/create',
        {
          Sale: { anything: true },
          MercadoPagoData: { payer: { email: 'x@exemplo.com' } },
          protection: null,
          identificationTickets: [],
          isMultiplePayment: false,
        },
        { 'idempotency-key': key(), 'x-captcha-token': 'ignored' },
      );
      expect(pix.status).toBe(200);
      expect(pix.body).toMatchObject({ paymentType: 'pix', status: 'pending', orderStatus: 1 });
      expect(pix.body.pix?.qrCode).toMatch(/^000201/);
      // It is the buyer's pending purchase, as one made by POST /checkout/v1 is.
      const ongoing = await b.get<{ ongoing: { orderId: string } | null }>('/api/checkout/ongoing');
      expect(ongoing.body.ongoing?.orderId).toBe(pix.body.orderId);
      const anonymous = await send('/api/mercadopago/pix/v2/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key() },
        body: '{}',
      });
      expect(anonymous.status).toBe(401);
    });

    it('GET api/v1/paymentGatewayTransaction/{paymentId}: the buyer’s own payment as the gateway reports it', async () => {
      const b = await buyer(1);
      const paid = await b.post<TPaymentAnswer>(
        '/checkout/v1',
        { paymentType: 'credit_card', card: card('apro') },
        { 'idempotency-key': key() },
      );
      expect(paid.status).toBe(200);
      const seen = await b.get<TGatewayTransaction>(
        `/api/v1/paymentGatewayTransaction/${paid.body.paymentId}`,
      );
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        paymentId: paid.body.paymentId,
        orderId: paid.body.orderId,
        gateway: 'sandbox',
        source: 'gateway',
        status: 'approved',
        transactionStatus: 'success',
        method: 'credit_card',
        cardLast4: '1111',
        refundedAmount: 0,
      });
      expect(seen.body.transactionId).toBeTruthy();
      expect(seen.body.amount).toBe(paid.body.total);
      const stranger = await buyer(1);
      expect((await stranger.get(`/api/v1/paymentGatewayTransaction/${paid.body.paymentId}`)).status).toBe(
        404,
      );
      expect((await b.get('/api/v1/paymentGatewayTransaction/not-a-uuid')).status).toBe(404);
      expect((await b.get(`/api/v1/paymentGatewayTransaction/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await send(`/api/v1/paymentGatewayTransaction/${paid.body.paymentId}`)).status).toBe(401);
    });

    it('GET api/v1/…/payments/{id} takes X-NoInterest, X-FranchiseId and X-Gateway, and only the buyer’s own', async () => {
      const b = await buyer(1);
      const paid = await b.post<TPaymentAnswer>(
        '/checkout/v1',
        { paymentType: 'credit_card', card: card('apro') },
        { 'idempotency-key': key() },
      );
      const path = `/api/v1/mercadopago/payments/${paid.body.paymentId}`;
      const seen = await b.get<{ status: string; no_interest: boolean; external_reference: string }>(path, {
        'x-nointerest': 'true',
        'x-franchiseid': '12',
        'x-gateway': '1',
      });
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        status: 'approved',
        no_interest: true,
        external_reference: paid.body.orderId,
      });
      expect((await b.get(path)).status).toBe(200);
      for (const headers of [
        { 'x-gateway': '9' },
        { 'x-franchiseid': 'abc' },
        { 'x-nointerest': 'maybe' },
      ] as Record<string, string>[]) {
        const bad = await b.get(path, headers);
        expect(bad.status, JSON.stringify(headers)).toBe(400);
      }
      const stranger = await buyer(1);
      expect((await stranger.get(path, { 'x-gateway': '1' })).status).toBe(404);
    });
  });
});
