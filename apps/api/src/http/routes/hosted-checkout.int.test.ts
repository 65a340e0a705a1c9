import type {
  TCartAnswer,
  THostedCheckoutAnswer,
  TOngoingPurchase,
  TOrderAnswer,
  TPaymentAnswer,
} from '@ingressos/contracts';
import { ZHostedCheckoutAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { hostedCheckouts, orders, payments, ticketLots, tickets, users } from '../../db/schema/index.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** Issue 15: POST api/checkoutPro/create, the sandbox's hosted page, the return, DELETE api/checkoutPro/{id}. */
describe.each(testDatabases())('hosted checkout on %s', (kind) => {
  let t: TTestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    const response = await t.request(path, init);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };

  const buyer = async (quantity = 2) => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const sessionId = added.body.sessionID;
    const auth = (extra: Record<string, string> = {}) =>
      withCookie(person.cookie, { 'x-session-id': sessionId, ...extra }).headers;
    const create = (key: string, body: unknown = {}) =>
      send<THostedCheckoutAnswer>('/api/checkoutPro/create', {
        method: 'POST',
        headers: auth({ 'idempotency-key': key }),
        body: JSON.stringify(body),
      });
    const cancel = (preferenceId: string) =>
      send<TPaymentAnswer>(`/api/checkoutPro/${preferenceId}`, { method: 'DELETE', headers: auth() });
    const order = (id: string) => send<TPaymentAnswer>(`/api/checkout/orders/${id}`, { headers: auth() });
    const issued = async (orderId: string) =>
      (await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId))).length;
    return { f, person, sessionId, create, cancel, order, issued, auth };
  };
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;
  /** The buyer's choice on the sandbox's hosted page (a same-origin form post, as the browser sends it). */
  const choose = (url: string, outcome: string, cookie?: string) =>
    t.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    });
  /** The hosted page as a browser opens it (the session cookie goes along on our own origin). */
  const open = (url: string, cookie?: string) => t.request(url, { headers: cookie ? { cookie } : {} });

  it('create → the hosted page → approve → back to /pedido: tickets once; a repeat answers the same preference', async () => {
    const b = await buyer(2);
    const made = await b.create('hosted-ok-1', { totalTicketValue: 0 });
    // The total shown must be what is charged: a wrong one is refused, nothing is made.
    expect(made.status).toBe(409);
    expect(made.body).toMatchObject({ code: 'amount_changed' });

    const first = await b.create('hosted-ok-2');
    expect(first.status).toBe(200);
    const answer = ZHostedCheckoutAnswer.parse(first.body);
    expect(answer.url).toBe(`/sandbox-gateway/checkout/${answer.preferenceId}`);
    expect((await b.create('hosted-ok-2')).body).toEqual(answer);
    expect(await lot(b.f.lotId)).toMatchObject({ held: 2, sold: 0 });
    const waiting = await b.order(answer.orderId);
    expect(waiting.body).toMatchObject({ orderStatus: 1, status: 'pending' });

    const page = await open(answer.url, b.person.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="outcome" value="approve"');

    const back = await choose(answer.url, 'approve', b.person.cookie);
    expect(back.status).toBe(303);
    const location = back.headers.get('location')!;
    expect(location).toMatch(
      new RegExp(`/pedido/${answer.orderId}\\?payment_id=sbx[0-9a-f]+&status=approved`),
    );
    expect(location).toContain(`external_reference=${answer.paymentId}`);
    const paid = await b.order(answer.orderId);
    expect(paid.body).toMatchObject({ orderStatus: 3, status: 'approved', transactionStatus: 'success' });
    expect(await b.issued(answer.orderId)).toBe(2);
    expect(await lot(b.f.lotId)).toMatchObject({ held: 0, sold: 2 });
    // The receipt says where it was paid: on the provider's page, not "credit card" at the shop.
    const receipt = (paid.body as unknown as TOrderAnswer).receipt;
    expect(receipt.payment).toMatchObject({ method: 'hosted', installments: 1, cards: [] });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, answer.orderId));
    expect(receipt.payment.cardBrand).toBe(row!.cardBrand ?? null);
    expect(receipt.payment.cardLast4).toBe(row!.cardLast4 ?? null);
    // The page is closed once paid: a second payment cannot be made there.
    expect((await choose(answer.url, 'approve', b.person.cookie)).status).toBe(404);
    expect(await b.issued(answer.orderId)).toBe(2);
    // Cancelling a paid checkout changes nothing.
    expect((await b.cancel(answer.preferenceId)).body).toMatchObject({ orderStatus: 3 });
  });

  it('only its buyer may open or pay the sandbox hosted page: nobody logged in is 401, another buyer 404, nothing paid', async () => {
    const b = await buyer(1);
    const answer = ZHostedCheckoutAnswer.parse((await b.create('hosted-owner-1')).body);
    const stranger = await register(t);
    expect((await open(answer.url)).status).toBe(401);
    expect((await open(answer.url, stranger.cookie)).status).toBe(404);
    for (const outcome of ['approve', 'pix', 'decline']) {
      expect((await choose(answer.url, outcome)).status).toBe(401);
      expect((await choose(answer.url, outcome, stranger.cookie)).status).toBe(404);
    }
    expect((await b.order(answer.orderId)).body).toMatchObject({ orderStatus: 1, status: 'pending' });
    expect(await b.issued(answer.orderId)).toBe(0);
    // The page stayed open for its buyer, who pays there.
    expect((await open(answer.url, b.person.cookie)).status).toBe(200);
    expect((await choose(answer.url, 'approve', b.person.cookie)).status).toBe(303);
    expect((await b.order(answer.orderId)).body).toMatchObject({ orderStatus: 3 });
    expect(await b.issued(answer.orderId)).toBe(1);
  });

  it('declined on the page: the order is refused (7) and the units go back', async () => {
    const b = await buyer(1);
    const answer = ZHostedCheckoutAnswer.parse((await b.create('hosted-decl-1')).body);
    expect((await choose(answer.url, 'decline', b.person.cookie)).status).toBe(303);
    const declined = (await b.order(answer.orderId)).body as unknown as TOrderAnswer;
    expect(declined).toMatchObject({ orderStatus: 7, status: 'rejected' });
    expect(await lot(b.f.lotId)).toMatchObject({ held: 0, sold: 0 });
    // The units went back on sale: the receipt must not tell the buyer the cart was kept.
    expect(declined.receipt.cartKept).toBe(false);
  });

  it('a reload of /pagamento finds the hosted checkout again: the ongoing purchase names its page until it ends', async () => {
    const b = await buyer(1);
    const answer = ZHostedCheckoutAnswer.parse((await b.create('hosted-again-1')).body);
    const ongoing = async () =>
      (await send<TOngoingPurchase>('/api/checkout/ongoing', { headers: b.auth() })).body.ongoing;
    // What the page offers back: the same preference and its page, so the buyer can pay there or cancel.
    expect(await ongoing()).toMatchObject({
      orderId: answer.orderId,
      orderStatus: 1,
      hosted: { preferenceId: answer.preferenceId, url: answer.url },
    });
    // Paid on that page later: no longer ongoing, tickets issued once.
    expect((await choose(answer.url, 'approve', b.person.cookie)).status).toBe(303);
    expect(await ongoing()).toBeNull();
    expect(await b.issued(answer.orderId)).toBe(1);
    // A card payment under way is not a hosted checkout.
    const card = await buyer(1);
    const pix = await send<TPaymentAnswer>('/checkout/v1', {
      method: 'POST',
      headers: card.auth({ 'idempotency-key': 'hosted-again-pix', 'content-type': 'application/json' }),
      body: JSON.stringify({ paymentType: 'pix' }),
    });
    expect(pix.status).toBe(200);
    expect(
      (await send<TOngoingPurchase>('/api/checkout/ongoing', { headers: card.auth() })).body.ongoing,
    ).toMatchObject({ orderId: pix.body.orderId, hosted: null });
  });

  it('DELETE by the buyer: the order ends (8), the units go back, the page takes nothing more', async () => {
    const b = await buyer(2);
    const answer = ZHostedCheckoutAnswer.parse((await b.create('hosted-cancel-1')).body);
    // Someone else's preference id: 404, and it stays open.
    const other = await buyer(1);
    const refused = await other.cancel(answer.preferenceId);
    expect(refused.status).toBe(404);
    expect((await b.order(answer.orderId)).body).toMatchObject({ orderStatus: 1 });

    const cancelled = await b.cancel(answer.preferenceId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      orderStatus: 8,
      status: 'cancelled',
      statusDetail: 'hosted_by_payer',
    });
    expect(await lot(b.f.lotId)).toMatchObject({ held: 0, sold: 0 });
    expect((await choose(answer.url, 'approve', b.person.cookie)).status).toBe(404);
    expect(await b.issued(answer.orderId)).toBe(0);
  });

  it('a buyer who never comes back: the reconciler settles a payment made there, or ends the order at expiry', async () => {
    const paidAway = await buyer(1);
    const a = ZHostedCheckoutAnswer.parse((await paidAway.create('hosted-away-1')).body);
    // The sandbox's ledger gets the payment, but nobody tells the checkout (the buyer closed the tab).
    const gateway = t.app.checkout.gateways.byKind('sandbox') as unknown as {
      payPreference(id: string, outcome: string): Promise<unknown>;
    };
    await gateway.payPreference(a.preferenceId, 'approve');
    await reconcilePayments(t.app.checkout);
    expect(await paidAway.issued(a.orderId)).toBe(1);

    const gone = await buyer(2);
    const g = ZHostedCheckoutAnswer.parse((await gone.create('hosted-gone-1')).body);
    await reconcilePayments(t.app.checkout);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, g.orderId));
    expect(still!.status).toBe(1);
    await t.database.db.execute(
      sql`update hosted_checkouts set expires_at = now() - interval '1 second' where order_id = ${g.orderId}`,
    );
    await reconcilePayments(t.app.checkout);
    const [ended] = await t.database.db.select().from(orders).where(eq(orders.id, g.orderId));
    expect(ended!.status).toBe(8);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, g.orderId));
    expect(payment).toMatchObject({ status: 'expired', statusDetail: 'hosted_expired', method: 'hosted' });
    expect(await lot(gone.f.lotId)).toMatchObject({ held: 0, sold: 0 });
  });

  it('bad input is 4xx, never 5xx', async () => {
    const b = await buyer(1);
    expect((await b.create('bad')).status).toBe(400); // the key is too short
    const noKey = await send('/api/checkoutPro/create', { method: 'POST', headers: b.auth(), body: '{}' });
    expect(noKey.status).toBe(400);
    expect((await b.create('hosted-bad-1', { totalTicketValue: 'x' })).status).toBe(400);
    expect((await b.create('hosted-bad-2', { identificationTickets: 'x' })).status).toBe(400);
    expect((await b.cancel('short')).status).toBe(400);
    expect((await b.cancel('sbxpref_000000000000000000000000')).status).toBe(404);
    const anonymous = await send('/api/checkoutPro/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'hosted-anon-1' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect((await open('/sandbox-gateway/checkout/nope', b.person.cookie)).status).toBe(404);
    const unknown = '/sandbox-gateway/checkout/sbxpref_000000000000000000000000';
    expect((await open(unknown, b.person.cookie)).status).toBe(404);
    expect((await choose(unknown, 'steal', b.person.cookie)).status).toBe(400);
    expect((await choose(unknown, 'approve', b.person.cookie)).status).toBe(404);
    // The same key with another request (the card path) is refused.
    const made = await b.create('hosted-bad-3');
    expect(made.status).toBe(200);
    const reused = await send('/checkout/v1', {
      method: 'POST',
      headers: b.auth({ 'idempotency-key': 'hosted-bad-3' }),
      body: JSON.stringify({ paymentType: 'pix' }),
    });
    expect(reused.status).toBe(422);
    const [row] = await t.database.db
      .select()
      .from(hostedCheckouts)
      .where(eq(hostedCheckouts.orderId, made.body.orderId));
    expect(row?.preferenceId).toBe(made.body.preferenceId);
  });
});
