import type { TCartAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { startYunoStandIn, type TYunoStandIn } from '../../testing/yuno-stand-in.ts';

const CREDENTIALS = {
  YUNO_PUBLIC_API_KEY: 'sandbox_standin_public',
  YUNO_PRIVATE_SECRET_KEY: 'sandbox_standin_private',
  YUNO_ACCOUNT_ID: '2c05976d-0000-4000-8000-6421883de48d',
  YUNO_WEBHOOK_SECRET: 'x'.repeat(32),
};
const PATH = '/api/v1/yuno/start-checkout';

/*
 * commerce §7 'POST {precheckout host}/v1/yuno/start-checkout': the session a gateway's card form
 * needs before it mounts (a gateway's `browser.session`), mounted for every configured gateway
 * that declares one, for the signed-in buyer's cart at the cart's own total.
 */
describe.each(testDatabases())('gateway session route on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let stand: TYunoStandIn;

  beforeAll(async () => {
    stand = await startYunoStandIn({
      publicApiKey: CREDENTIALS.YUNO_PUBLIC_API_KEY,
      privateSecretKey: CREDENTIALS.YUNO_PRIVATE_SECRET_KEY,
      accountId: CREDENTIALS.YUNO_ACCOUNT_ID,
    });
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', ...CREDENTIALS, YUNO_API_BASE: stand.url });
    f = await createCartFixture(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const post = (headers: Record<string, string>, body = '{}') =>
    t.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('opens a session for the cart total, whatever the page claims, for the signed-in buyer only', async () => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(f.lotId, 2)).status).toBe(200);
    const cart = await t.json<TCartAnswer>('/api/v3/getcart', { sessionId: buyer.sessionId });
    const total = cart.body.cart!.totals.total;
    expect(total).toBeGreaterThan(0);

    expect((await post({ 'x-session-id': buyer.sessionId! })).status).toBe(401);

    const answer = await post(
      { cookie: buyer.person.cookie, 'x-session-id': buyer.sessionId! },
      JSON.stringify({ amount: 0.01, amountCents: 1 }),
    );
    expect(answer.status).toBe(200);
    const { session } = (await answer.json()) as { session: string };
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const made = stand.received.filter((r) => r.path === '/v1/checkout/sessions');
    expect(JSON.parse(made.at(-1)!.body)).toMatchObject({
      account_id: CREDENTIALS.YUNO_ACCOUNT_ID,
      country: 'BR',
      amount: { currency: 'BRL', value: total },
    });
  });

  it('refuses a buyer without a cart with the cart message', async () => {
    const buyer = await checkoutBuyer(t);
    const answer = await post({ cookie: buyer.person.cookie });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ Message: 'Seu carrinho está vazio.' });
  });

  it('limits the sessions one buyer opens (each is a call to the gateway)', async () => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(f.lotId, 1)).status).toBe(200);
    const headers = { cookie: buyer.person.cookie, 'x-session-id': buyer.sessionId! };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await post(headers)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
