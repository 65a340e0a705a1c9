import {
  type TCartAnswer,
  type TOngoingPurchase,
  type TPaymentAnswer,
  ZOngoingPurchase,
} from '@ingressos/contracts';
import type { TVisitorAnswer } from '@ingressos/contracts/visitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { orders, payments, sandboxCharges, ticketLots, tickets, users } from '../../db/schema/index.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const token = (outcome: 'apro' | 'pend') =>
  `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** §4 "Ongoing purchase", in-process settlement and Pix expiry. */
describe.each(testDatabases())('ongoing purchase on %s', (kind) => {
  let t: TTestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', SANDBOX_SETTLE_SECONDS: '1' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
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
    const pay = (key: string, body: unknown) =>
      send<TPaymentAnswer>('/checkout/v1', {
        method: 'POST',
        headers: auth({ 'idempotency-key': key }),
        body: JSON.stringify(body),
      });
    const ongoing = async () => {
      const answer = await send<TOngoingPurchase>('/api/checkout/ongoing', { headers: auth() });
      expect(answer.status).toBe(200);
      return ZOngoingPurchase.parse(answer.body).ongoing;
    };
    const exists = async () => {
      const answer = (await send<{ ongoing: boolean }>('/api/checkout/ongoing/exists', { headers: auth() }))
        .body.ongoing;
      // The frame's pop-up says the same, asked by itself or as a page's render reads it (with the session).
      for (const env of [undefined, { sessions: new Map() }]) {
        const visitor = await t.app.request(
          'http://localhost/api/visitor',
          { headers: { cookie: person.cookie } },
          env,
        );
        expect(((await visitor.json()) as TVisitorAnswer).user?.ongoingPurchase).toBe(answer);
      }
      return answer;
    };
    const getCart = () =>
      t.json<TCartAnswer>('/api/v3/getcart', { sessionId }, { headers: { cookie: person.cookie } });
    const issued = async (orderId: string) =>
      (await t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId))).length;
    return { f, person, sessionId, pay, ongoing, exists, getCart, issued };
  };
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;

  it('an in-process card is ongoing, then approved after SANDBOX_SETTLE_SECONDS on a status poll: tickets once', async () => {
    const b = await buyer(2);
    const pending = await b.pay('ongoing-pend-1', {
      paymentType: 'credit_card',
      card: { token: token('pend'), installments: 1 },
    });
    expect(pending.body).toMatchObject({ status: 'in_process', orderStatus: 1 });
    expect(await b.exists()).toBe(true);
    const ongoing = await b.ongoing();
    expect(ongoing).toMatchObject({
      orderId: pending.body.orderId,
      status: 'in_process',
      paymentType: 'credit_card',
      total: pending.body.total,
      cancellable: false,
      event: { id: b.f.eventId, slug: b.f.slug },
    });
    expect(ongoing!.lines).toHaveLength(1);
    expect(ongoing!.lines[0]).toMatchObject({ quantity: 2 });
    expect(ongoing!.event.name).toBe(ongoing!.lines[0]!.eventName);

    await wait(1_100);
    const polls = await Promise.all(
      Array.from({ length: 3 }, () =>
        send<TPaymentAnswer>(`/api/checkout/orders/${pending.body.orderId}`, {
          headers: { cookie: b.person.cookie },
        }),
      ),
    );
    for (const poll of polls)
      expect(poll.body).toMatchObject({ transactionStatus: 'success', orderStatus: 3 });
    expect(await b.issued(pending.body.orderId)).toBe(2);
    await reconcilePayments(t.app.checkout);
    expect(await b.issued(pending.body.orderId)).toBe(2);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 2, held: 0 });
    expect(await b.ongoing()).toBeNull();
    expect(await b.exists()).toBe(false);
  });

  it('the reconciler settles an in-process card nobody polls, once even when two run at once', async () => {
    const b = await buyer(1);
    const pending = await b.pay('ongoing-pend-2', {
      paymentType: 'credit_card',
      card: { token: token('pend'), installments: 1 },
    });
    await reconcilePayments(t.app.checkout);
    expect(await b.issued(pending.body.orderId)).toBe(0);
    await wait(1_100);
    await Promise.all([reconcilePayments(t.app.checkout), reconcilePayments(t.app.checkout)]);
    expect(await b.issued(pending.body.orderId)).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, pending.body.orderId));
    expect(order!.status).toBe(3);
  });

  it('a Pix unpaid after its expiry: order 8, payment expired, units back on sale, and the bank refuses it', async () => {
    const b = await buyer(2);
    const created = await b.pay('ongoing-pix-1', { paymentType: 'pix' });
    expect(created.body).toMatchObject({ status: 'pending', orderStatus: 1 });
    const ongoing = await b.ongoing();
    expect(ongoing).toMatchObject({ orderId: created.body.orderId, cancellable: true });
    expect(ongoing!.pix!.qrCode).toBe(created.body.pix!.qrCode);
    expect(await lot(b.f.lotId)).toMatchObject({ held: 2 });

    // Not expired yet: the reconciler leaves it alone.
    await reconcilePayments(t.app.checkout);
    expect((await b.ongoing())?.orderId).toBe(created.body.orderId);
    // The Pix's time runs out (PIX_EXPIRY_SECONDS is at least a minute: move the clock instead).
    await t.database.db.execute(
      sql`update orders set pix_expires_at = now() - interval '1 second' where id = ${created.body.orderId}`,
    );
    expect(await b.ongoing()).toBeNull();
    await Promise.all([reconcilePayments(t.app.checkout), reconcilePayments(t.app.checkout)]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, created.body.orderId));
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, created.body.orderId));
    expect(order!.status).toBe(8);
    expect(payment!.status).toBe('expired');
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 0 });

    // The sandbox bank refuses to pay the cancelled Pix; the order stays cancelled, no tickets.
    const simulated = await send<{ status: string }>(`/sandbox-gateway/pix/${payment!.id}/pay`, {
      method: 'POST',
      headers: { cookie: b.person.cookie, origin: 'http://localhost:3000' },
    });
    expect(simulated.body.status).toBe('cancelled');
    const status = await send<TPaymentAnswer>(`/api/checkout/orders/${created.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    expect(status.body).toMatchObject({ orderStatus: 8, status: 'expired' });
    expect(await b.issued(created.body.orderId)).toBe(0);
  });

  it('a status poll past the Pix expiry ends the order at once, without waiting for the reconciler', async () => {
    const b = await buyer(1);
    const created = await b.pay('ongoing-pix-poll', { paymentType: 'pix' });
    await t.database.db.execute(
      sql`update orders set pix_expires_at = now() - interval '1 second' where id = ${created.body.orderId}`,
    );
    const status = await send<TPaymentAnswer>(`/api/checkout/orders/${created.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    expect(status.body).toMatchObject({ orderStatus: 8, status: 'expired' });
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 0 });
  });

  it('a Pix paid at the bank after the order expired is refunded, never ticketed', async () => {
    const b = await buyer(1);
    const created = await b.pay('ongoing-pix-2', { paymentType: 'pix' });
    await t.database.db.execute(
      sql`update orders set pix_expires_at = now() - interval '1 second' where id = ${created.body.orderId}`,
    );
    await reconcilePayments(t.app.checkout);
    // A real bank could still settle it (a race with the cancellation): the acquirer reports approved.
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, created.body.orderId));
    await t.database.db
      .update(sandboxCharges)
      .set({ status: 'approved', statusDetail: 'accredited' })
      .where(eq(sandboxCharges.id, payment!.gatewayRef!));
    const status = await send<TPaymentAnswer>(`/api/checkout/orders/${created.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    expect(status.body).toMatchObject({ orderStatus: 6, status: 'refunded' });
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, payment!.gatewayRef!));
    expect(charge!.status).toBe('refunded');
    expect(await b.issued(created.body.orderId)).toBe(0);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 0 });
  });

  it('cancelling a pending Pix ends the order and gives the cart, with its holds, back to the session', async () => {
    const b = await buyer(2);
    const created = await b.pay('ongoing-pix-3', { paymentType: 'pix' });
    expect((await b.getCart()).body.cart).toBeNull();
    const cancelled = await send<TPaymentAnswer>('/api/checkout/ongoing/cancel', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId }).headers,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ orderStatus: 8, status: 'cancelled' });
    expect(await b.ongoing()).toBeNull();
    const cart = (await b.getCart()).body.cart;
    expect(cart?.items[0]?.quantity).toBe(2);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 2 });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, created.body.orderId));
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, payment!.gatewayRef!));
    expect(charge!.status).toBe('cancelled');
    // Nothing left to cancel; and the buyer pays the same cart by card.
    const again = await send('/api/checkout/ongoing/cancel', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId }).headers,
    });
    expect(again.status).toBe(404);
    const paid = await b.pay('ongoing-pix-3-card', {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 1 },
    });
    expect(paid.body).toMatchObject({ orderStatus: 3 });
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 2, held: 0 });
  });

  it('an in-process card cannot be cancelled; no session means 401', async () => {
    const b = await buyer(1);
    await b.pay('ongoing-pend-3', {
      paymentType: 'credit_card',
      card: { token: token('pend'), installments: 1 },
    });
    const refused = await send('/api/checkout/ongoing/cancel', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId }).headers,
    });
    expect(refused.status).toBe(404);
    expect((await send('/api/checkout/ongoing')).status).toBe(401);
    expect((await send('/api/checkout/ongoing/exists')).status).toBe(401);
  });
});
