import { ZApiError } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * What fuzz.int.test.ts found, each kept as one plain case (each failed before its fix): the
 * fuzz test may change its inputs, these stay.
 */
describe.each(testDatabases())('fuzz findings on %s', (kind) => {
  let t: TTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' }, { web: true });
    ({ cookie } = await register(t));
  });
  afterAll(() => t.close());

  /** A POST from the site's own pages (same origin, as a browser sends it). */
  const post = (path: string, body: string, contentType: string, extra: Record<string, string> = {}) =>
    t.app.request(new URL(path, t.config.publicUrl).toString(), {
      method: 'POST',
      headers: { origin: t.config.publicUrl, 'content-type': contentType, ...extra },
      body,
    });

  it('the sandbox Pix control refuses an oversized body with the API error body, as its page expects', async () => {
    const path = `/sandbox-gateway/pix/${crypto.randomUUID()}/pay`;
    const response = await post(path, JSON.stringify({ x: 'x'.repeat(100 * 1024) }), 'application/json', {
      cookie,
    });
    expect(response.status).toBe(413);
    expect(ZApiError.parse(await response.json()).code).toBe('payload_too_large');
  });

  it('a form action answers a body that is not a form with its form error and a 400, not a 500', async () => {
    for (const [path, body, type] of [
      ['/login', '{"email":"a@b.c","password":"x"}', 'application/json'],
      ['/login', 'email=a', 'text/plain'],
      ['/login', 'email=a', 'multipart/form-data'],
      ['/minha-conta', '{"intent":"unsubscribe"}', 'application/json'],
    ] as const) {
      // (A logged-in visitor on /login is sent on to where they were going, as its loader does.)
      for (const extra of path === '/login' ? [{}] : ([{}, { cookie }] as Record<string, string>[])) {
        const response = await post(path, body, type, extra);
        expect(response.status, `${path} ${type}`).toBe(400);
        expect(await response.text(), path).toContain('Não foi possível concluir requisição');
      }
    }
  });

  it('a JSON form action answers anything but one flat-enough object with its form error and a 400', async () => {
    const deep = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const path of ['/cadastrar', '/dados-da-conta', '/home/confirmpasswordreset'])
      for (const body of ['null', '[]', '"text"', deep]) {
        // Registration sends a logged-in visitor on (its loader): it is tried anonymously.
        const response = await post(path, body, 'application/json', path === '/cadastrar' ? {} : { cookie });
        expect(response.status, `${path} ${body.slice(0, 12)}`).toBe(400);
        expect(await response.text(), path).toContain('Não foi possível concluir requisição');
      }
  });

  it('a captcha answer no header can carry is a wrong answer, not a 500', async () => {
    const login = await post(
      '/login',
      'email=a%40b.c&password=x&captcha=a%0Ab',
      'application/x-www-form-urlencoded',
    );
    expect(login.status).toBeLessThan(500);
    const form = JSON.stringify({ name: 'Ana', captcha: 'a b' });
    expect((await post('/cadastrar', form, 'application/json')).status).toBeLessThan(500);
  });

  it('a POST to a page without a form is a 405, and no stack trace in the log for anyone to repeat', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await post('/idioma?lang=en', 'lang=en', 'application/x-www-form-urlencoded');
      expect(response.status).toBe(405);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('renewing a cart by an id with a NUL byte is a 400, not a database error', async () => {
    const f = await createCartFixture(t.database.db);
    const buyer = await checkoutBuyer(t);
    await buyer.add(f.lotId);
    for (const id of ['%00', 'a%00b', 'x'.repeat(100)]) {
      const response = await t.request(`/api/refresh-expiration/${id}`, {
        method: 'PUT',
        headers: { cookie: buyer.person.cookie, 'x-session-id': buyer.sessionId! },
      });
      expect(response.status, id).toBe(400);
      expect(ZApiError.parse(await response.json()).code).toBe('invalid_request');
    }
  });

  it('a NUL byte in an id of a live cart session is never a database error (issue 31)', async () => {
    const f = await createCartFixture(t.database.db);
    const buyer = await checkoutBuyer(t);
    await buyer.add(f.lotId);
    const sessionId = buyer.sessionId!;
    const calls: [string, Record<string, unknown>][] = [
      ['/api/v4/activatecart', { id: '\u0000', sessionId }],
      ['/api/v4/activatecart', { id: 'a\u0000b', sessionId }],
      ['/api/v4/removefromcart', { sessionId, lotId: f.lotId, quantity: 1, lineId: 'a\u0000b' }],
      ['/api/v3/getcart', { sessionId, token: 'a\u0000b' }],
      [
        '/api/validatepromotion',
        {
          sessionId,
          lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
          eventId: f.eventId,
          promoCode: 'a\u0000b',
          channel: 1,
        },
      ],
      ['/api/CheckTicketsPerCPF', { ticketId: 1, eventId: f.eventId, cpfs: ['529\u000082247'] }],
      [
        '/api/socialevents/validateExclusiveEmissor',
        { eventId: f.eventId, binHolder: '12\u00003456', type: 'cooperativeCard', sessionId },
      ],
    ];
    for (const [path, body] of calls) {
      const response = await t.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: buyer.person.cookie,
          'x-session-id': sessionId,
        },
        body: JSON.stringify(body),
      });
      // (A field a call does not read may be ignored: then a 200 is right.)
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      if (response.status >= 400) expect(ZApiError.safeParse(await response.json()).success, path).toBe(true);
    }
  });
});
