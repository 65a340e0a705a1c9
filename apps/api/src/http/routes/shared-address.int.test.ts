import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianAdult, fromIp } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
/** A mobile carrier's address: on a sale day hundreds of buyers come from it (CGNAT). */
const CARRIER = '100.64.0.1';

/**
 * Issue 31 item 7: the per-IP limits locked a carrier's buyers out of each other's way
 * (registration answered 429 on the 21st account, coupon and exclusive-code tries were per IP).
 * They are keyed on the account or the cart session first, the IP only a loose ceiling; and a
 * foreign visitor's 429 is in English (item 14).
 */
describe.each(testDatabases())('buyers sharing one address on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'local' });
  });
  afterAll(() => t.close());

  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await t.app.request(
      `http://localhost${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      fromIp(CARRIER),
    );
    return { status: response.status, body: (await response.json()) as T };
  };

  it('40 people register from one address, each answering the captcha', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const { body } = await post<{ token: string }>('/api/captcha/local', {});
      statuses.push(
        (await post('/api/registerclient', brazilianAdult(), { [CAPTCHA_HEADER]: body.token })).status,
      );
    }
    expect(statuses).toEqual(Array(40).fill(201));
  });

  it('coupon tries count per cart session: 30 carts behind one address each try; one cart past 20 waits, in English for a foreign visitor', async () => {
    const f = await createCartFixture(t.database.db);
    const sessions: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const added = await post<{ sessionID: string }>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
      sessions.push(added.body.sessionID);
    }
    const tryCode = (sessionId: string, code: string, headers: Record<string, string> = {}) =>
      post<TError>(
        '/api/validatepromotion',
        {
          lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
          eventId: f.eventId,
          promoCode: code,
          channel: 1,
          sessionId,
        },
        headers,
      );
    for (const [i, sessionId] of sessions.entries())
      expect((await tryCode(sessionId, `WRONG${i}`)).status).toBe(422);
    const one = sessions[0]!;
    for (let i = 1; i < 20; i += 1) expect((await tryCode(one, `AGAIN${i}`)).status).toBe(422);
    const waited = await tryCode(one, 'LAST', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(waited.status).toBe(429);
    expect(waited.body).toEqual({
      code: 'too_many_requests',
      Message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    // The other carts of the address still try theirs.
    expect((await tryCode(sessions[1]!, 'OTHER')).status).toBe(422);
  });
});
