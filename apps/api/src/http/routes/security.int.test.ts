import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const BIG = 2 ** 31 + 7;

/** Issue 12: the attacks that worked, each closed for good. */
describe.each(testDatabases())('security on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  it('1: a page form action refuses a body past 64 KB before reading it', async () => {
    const huge = `email=${'a'.repeat(200 * 1024)}`;
    for (const path of ['/login', '/cadastrar', '/dados-da-conta', '/minha-conta', '/sair']) {
      const response = await t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        body: huge,
      });
      expect(response.status, path).toBe(413);
    }
  });

  it('5: coupon codes cannot be guessed at speed', async () => {
    const f = await createCartFixture(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const response = await t.json(
        '/api/validatepromotion',
        {
          lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
          eventId: f.eventId,
          promoCode: `GUESS${i}`,
          channel: 1,
        },
        { headers: { 'x-forwarded-for': '203.0.113.9' } },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('6: the CPF check answers only a cart’s worth of CPFs, rate-limited per buyer', async () => {
    const person = await register(t);
    const f = await createCartFixture(t.database.db);
    const added = await t.json<{ sessionID: string; cart: { items: { ticketId: number }[] } }>(
      '/api/v4/addtocart',
      { lotId: f.lotId, quantity: 1 },
      { headers: { cookie: person.cookie } },
    );
    const ticketId = added.body.cart.items[0]!.ticketId;
    const headers = withCookie(person.cookie, { 'x-session-id': added.body.sessionID });
    const many = await t.request('/api/CheckTicketsPerCPF', {
      method: 'POST',
      ...headers,
      body: JSON.stringify({
        ticketId,
        eventId: f.eventId,
        cpfs: Array.from({ length: 21 }, () => '52998224725'),
      }),
    });
    expect(many.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      const response = await t.request('/api/CheckTicketsPerCPF', {
        method: 'POST',
        ...headers,
        body: JSON.stringify({ ticketId, eventId: f.eventId, cpfs: ['52998224725'] }),
      });
      statuses.push(response.status);
    }
    // The refused request above counted too: 40 checks in 10 minutes, then 429.
    expect(statuses.slice(0, 39).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(39)).toEqual([429, 429]);
  });

  it('7: NUL bytes and integers beyond int32 are a 4xx, never a 5xx', async () => {
    const person = await register(t);
    const posts: [string, unknown][] = [
      ['/api/v4/activatecart', { id: 'abc\u0000def' }],
      [
        '/api/validatepromotion',
        { lotRequesteds: [{ lotId: 1, quantity: 1 }], eventId: 1, promoCode: 'A\u0000B', channel: 1 },
      ],
      ['/api/v4/addtocart', { lotId: BIG, quantity: 1 }],
    ];
    for (const [path, body] of posts) {
      const response = await t.request(path, {
        method: 'POST',
        ...withCookie(person.cookie),
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    for (const path of [
      `/api/socialEvent/${BIG}/getInstallments?value=10`,
      `/api/socialevents/${BIG}/exclusiveAccess`,
      `/api/tickets/mine?eventId=${BIG}`,
      `/api/tickets/revoked?eventId=${BIG}`,
      `/api/addresses/cities/${BIG}`,
      `/api/eventgroup/${BIG}`,
    ]) {
      const response = await t.request(path, { headers: { cookie: person.cookie } });
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('10: a foreign page cannot log the visitor in (login CSRF), with or without cookies', async () => {
    const forged = (path: string, origin: string) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: 'email=attacker%40evil.example&password=Segura%232026',
      });
    expect((await forged('/api/v2/websiteuserlogin', 'https://evil.example')).status).toBe(403);
    expect((await forged('/login', 'https://evil.example')).status).toBe(403);
    expect((await forged('/api/v2/websiteuserlogin', 'http://localhost:3000')).status).not.toBe(403);
  });

  it("8: an order's detached cart is never reachable as a cart session", async () => {
    const response = await t.json('/api/v3/getcart', { sessionId: `order_${crypto.randomUUID()}` });
    expect(response.status).toBeLessThan(500);
    expect((response.body as { cart: unknown }).cart ?? null).toBeNull();
  });
});

describe('security of a public deployment', () => {
  it('3: never serves the local outbox off localhost', async () => {
    const t = await createTestApp('pglite', {
      PUBLIC_URL: 'https://ingressos.example',
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_DEV_CAPTCHA: 'true',
      ALLOW_SANDBOX_GATEWAY: 'true',
    });
    try {
      expect((await t.request('/_dev/mailbox.json')).status).toBe(404);
      expect((await t.request('/_dev/sms.json')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
