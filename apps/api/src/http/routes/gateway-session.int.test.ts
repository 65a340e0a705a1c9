import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYunoGateway } from '../../adapters/payments/yuno.ts';
import { AppError } from '../../modules/app-error.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';
import { startYunoStandIn, type TYunoStandIn } from '../../testing/yuno-stand-in.ts';
import type { TAppEnv } from '../env.ts';
import { statusOf } from '../error-status.ts';
import { authenticate } from '../middleware/authenticate.ts';
import { gatewaySessionRoutes } from './gateway-session.ts';

const CREDENTIALS = {
  publicApiKey: 'sandbox_standin_public',
  privateSecretKey: 'sandbox_standin_private',
  accountId: '2c05976d-0000-4000-8000-6421883de48d',
};

/*
 * The browser-session route (a gateway's `browser.session`), mounted here on the test app as the
 * lead mounts it: a signed-in buyer's card form gets a session for the cart's own total.
 */
describe('gateway session route', () => {
  let t: TTestApp;
  let f: TCartFixture;
  let stand: TYunoStandIn;
  let path: string;
  let app: Hono<TAppEnv>;

  beforeAll(async () => {
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'off' });
    f = await createCartFixture(t.database.db);
    await t.catalogue.refresh();
    stand = await startYunoStandIn(CREDENTIALS);
    const gateway = createYunoGateway({ ...CREDENTIALS, webhookSecret: 'x'.repeat(32), base: stand.url });
    path = gateway.browser.session!.path;
    // Beside the app (which answers 404 to API paths it does not know), with its session check.
    app = new Hono<TAppEnv>();
    app.use('*', async (c, next) => {
      c.set('locale', 'pt-BR');
      await next();
    });
    app.use('*', authenticate(t.database.db, t.config));
    app.route('/', gatewaySessionRoutes({ db: t.database.db, gateways: [gateway], perBuyer: 3 }));
    app.onError((error, c) =>
      error instanceof AppError ? c.json({ code: error.code }, statusOf(error.code)) : c.json({}, 500),
    );
  });
  afterAll(async () => {
    await stand?.close();
    await t?.close();
  });

  const post = (headers: Record<string, string>, body = '{}') =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body,
    });

  it('opens a session for the cart total, whatever the page claims, for the signed-in buyer only', async () => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(f.lotId, 2)).status).toBe(200);
    const cart = await t.json<{ cart: { totals: { total: number } } }>(
      '/api/v3/getcart',
      { sessionId: buyer.sessionId },
      { headers: { cookie: buyer.person.cookie } },
    );
    const total = cart.body.cart.totals.total;
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
    expect(made).toHaveLength(1);
    expect(JSON.parse(made[0]!.body)).toMatchObject({
      account_id: CREDENTIALS.accountId,
      country: 'BR',
      amount: { currency: 'BRL', value: total },
    });
  });

  it('answers 404 without a cart', async () => {
    const buyer = await checkoutBuyer(t);
    expect((await post({ cookie: buyer.person.cookie })).status).toBe(404);
  });

  it('limits the sessions one buyer opens (each is a call to the gateway)', async () => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(f.lotId, 1)).status).toBe(200);
    const headers = { cookie: buyer.person.cookie, 'x-session-id': buyer.sessionId! };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post(headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
