import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../../db/orm.ts';
import { orders, payments, tickets, users } from '../../../db/schema/index.ts';
import { register, withCookie } from '../../../testing/accounts.ts';
import { createCartFixture } from '../../../testing/cart-fixture.ts';
import {
  startStripeStandIn,
  stripeEvent,
  stripeNotice,
  type TStripeStandIn,
} from '../../../testing/stripe-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../../testing/test-app.ts';

const keys = { secretKey: 'sk_test_standin_secret_key', publishableKey: 'pk_test_standin_publishable_key' };
const SECRET = 'whsec_standin_endpoint_signing_secret';

/** The checkout with Stripe as the site's gateway, through the API: cards, Radar reviews, Pix, webhooks. */
describe.each(testDatabases())('Stripe gateway through the checkout on %s', (kind) => {
  let t: TTestApp;
  let stripe: TStripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn(keys);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await stripe.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  /** What the Payment Element does in the browser: the card to Stripe, a PaymentMethod back. */
  const card = async (number: string) => {
    const response = await fetch(`${stripe.url}/v1/payment_methods`, {
      method: 'POST',
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': '2030',
        'card[cvc]': '123',
        key: keys.publishableKey,
      }),
    });
    const method = (await response.json()) as { id: string; card: { brand: string } };
    return {
      paymentType: 'credit_card',
      card: { token: method.id, installments: 1, paymentMethodId: method.card.brand },
    };
  };
  const buyer = async () => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 2 });
    expect(added.status).toBe(200);
    return (key: string, body: unknown) =>
      send<TPaymentAnswer>('/checkout/v1', {
        method: 'POST',
        ...withCookie(person.cookie, { 'x-session-id': added.body.sessionID, 'idempotency-key': key }),
        body: JSON.stringify(body),
      });
  };
  const issuedFor = async (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const orderStatus = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  /** Stripe posting an event about a PaymentIntent to our webhook. */
  const post = (type: string, intentId: string, secret = SECRET, ageSeconds = 0) => {
    const object = type.startsWith('review.')
      ? {
          id: 'prv_standin',
          object: 'review',
          open: false,
          closed_reason: 'approved',
          payment_intent: intentId,
        }
      : stripe.intents.get(intentId);
    const { rawBody, signature } = stripeNotice(secret, stripeEvent(type, object), ageSeconds);
    return send('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: rawBody,
    });
  };

  it('approves a card: the PaymentIntent made with our payment id, tickets issued, brand and last four kept', async () => {
    const pay = await buyer();
    const paid = await pay('stripe-approved-1', await card('4242424242424242'));
    expect(paid.body).toMatchObject({ status: 'approved', transactionStatus: 'success', orderStatus: 3 });
    expect(await issuedFor(paid.body.orderId)).toHaveLength(2);
    const row = await paymentOf(paid.body.orderId);
    expect(row).toMatchObject({ gateway: 'stripe', cardBrand: 'visa', cardLast4: '4242' });
    expect(stripe.intents.get(row.gatewayRef!)).toMatchObject({
      amount: Math.round(paid.body.total * 100),
      currency: 'brl',
      metadata: { external_ref: paid.body.paymentId },
    });
  });

  it('a declined card is refused and issues nothing', async () => {
    const pay = await buyer();
    const paid = await pay('stripe-declined-1', await card('4000000000000002'));
    expect(paid.body).toMatchObject({ status: 'rejected' });
    expect(await issuedFor(paid.body.orderId)).toHaveLength(0);
  });

  it('a card held in a Radar review waits; the signed review.closed webhook issues the tickets once', async () => {
    const pay = await buyer();
    const held = await pay('stripe-review-1', await card('4000000000009235'));
    expect(held.body).toMatchObject({ status: 'in_process', orderStatus: 1 });
    const ref = (await paymentOf(held.body.orderId)).gatewayRef!;
    expect((await post('payment_intent.succeeded', ref, 'whsec_not_ours')).status).toBe(401);
    expect((await post('payment_intent.succeeded', ref, SECRET, 3_600)).status).toBe(401);
    expect(await orderStatus(held.body.orderId)).toBe(1);
    stripe.settle(ref, 'approved');
    const answers = await Promise.all([
      post('payment_intent.succeeded', ref),
      post('payment_intent.succeeded', ref),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await orderStatus(held.body.orderId)).toBe(3);
    expect(await issuedFor(held.body.orderId)).toHaveLength(2);
  });

  it('a Pix shows Stripe’s BR Code; the bank pays it and the webhook issues the tickets', async () => {
    const pay = await buyer();
    const pix = await pay('stripe-pix-1', { paymentType: 'pix' });
    expect(pix.body).toMatchObject({ status: 'pending', orderStatus: 1 });
    const row = await paymentOf(pix.body.orderId);
    const intent = stripe.intents.get(row.gatewayRef!)!;
    const order = (await t.database.db.select().from(orders).where(eq(orders.id, pix.body.orderId)))[0]!;
    expect(order.pixPayload).toBe((intent.next_action!.pix_display_qr_code as { data: string }).data);
    stripe.settle(intent.id, 'approved');
    expect((await post('payment_intent.succeeded', intent.id)).body).toEqual({ received: true });
    expect(await issuedFor(pix.body.orderId)).toHaveLength(2);
  });
});
