import type { TCartAnswer, TPaymentAnswer, TQueueStatusAnswer } from '@ingressos/contracts';
import { QUEUE_PASS_HEADER } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { ticketLots, users } from '../../db/schema/index.ts';
import { admitToEvent } from '../../modules/queue/admit-visitors.ts';
import { forgetQueueEvents } from '../../modules/queue/queue-event.ts';
import { brazilianAdult, fromIp, sessionCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * 300 on PostgreSQL (the deployment's database), 100 on PGlite: the same code paths, each limit per
 * address passed five times over either way (the 21st registration was the first refused), for a
 * third of the suite's CPU on the second run.
 */
const BUYERS_ON = { postgres: 300, pglite: 100 } as const;
const UNITS = 2;
/** One mobile carrier's address (CGNAT): every buyer of this test comes from it. */
const CARRIER = '100.64.7.7';

/**
 * Issue 31, "Must show": 300 buyers behind one address, each with their own account, all buy
 * through every limit as deployed (the default settings: hold throttle, queue join limits, the
 * local captcha answered by each person): register, join the waiting room, get their turn and
 * pass, hold two tickets and pay. Before issue 31 the 21st registration from the address was a 429.
 */
describe.each(testDatabases())(
  'buyers behind one address (300 on PostgreSQL, 100 on PGlite) on %s',
  (kind) => {
    const BUYERS = BUYERS_ON[kind];
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        CAPTCHA_PROVIDER: 'local',
        HOLD_THROTTLE: 'true',
        QUEUE_JOIN_THROTTLE: 'true',
        SANDBOX_SETTLE_SECONDS: '0',
      });
    });
    afterAll(async () => {
      await t.app.checkout.idle();
      await t.close();
    });

    const call = async <T>(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const response = await t.app.request(`http://localhost${path}`, init, fromIp(CARRIER));
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : null) as T,
      };
    };
    const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      call<T>(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    /** What the person does at the captcha: tick the box (the local captcha). */
    const captcha = async () => (await post<{ token: string }>('/api/captcha/local', {})).body.token;

    it('all register, join, are let in, hold and pay', { timeout: 600_000 }, async () => {
      const f = await createCartFixture(t.database.db, { lotCapacity: BUYERS * UNITS, maxPerCart: 10 });
      await t.database.db.execute(sql`update events set queue_enabled = true, queue_rate_per_minute = 60000,
      on_sale_at = now() - interval '1 second' where id = ${f.eventId}`);
      forgetQueueEvents(t.database.db);

      // Register: each answers the captcha; all from the carrier's address.
      const buyers: { cookie: string; sessionId: string }[] = [];
      for (let i = 0; i < BUYERS; i += 1) {
        const response = await t.app.request(
          'http://localhost/api/registerclient',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', [CAPTCHA_HEADER]: await captcha() },
            body: JSON.stringify(brazilianAdult()),
          },
          fromIp(CARRIER),
        );
        expect(response.status, `registration ${i + 1}`).toBe(201);
        const { user } = (await response.json()) as { user: { id: string } };
        // (The e-mail link's click, which checkout needs.)
        await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
        buyers.push({
          cookie: sessionCookie(response),
          sessionId: `carrier_buyer_${String(i).padStart(6, '0')}`,
        });
      }

      // Join: past the first few from the address each answers the captcha when asked.
      for (const [i, b] of buyers.entries()) {
        const headers = { cookie: b.cookie, 'x-session-id': b.sessionId };
        let joined = await post<TQueueStatusAnswer & { code?: string }>(
          `/api/queue/${f.slug}/join`,
          {},
          headers,
        );
        if (joined.body.code === 'captcha_required')
          joined = await post(
            `/api/queue/${f.slug}/join`,
            {},
            { ...headers, [CAPTCHA_HEADER]: await captcha() },
          );
        expect(joined.status, `join ${i + 1}`).toBe(200);
      }
      // (The app's own tick admits too; this one lets in whoever is left.)
      for (let tick = 0; tick < 5; tick += 1)
        await admitToEvent({ db: t.database.db, holdSeconds: 900 }, f.eventId);

      // Their turn: each gets its pass, holds two tickets and pays.
      for (const [i, b] of buyers.entries()) {
        const headers = { cookie: b.cookie, 'x-session-id': b.sessionId };
        const status = await call<TQueueStatusAnswer>(`/api/queue/${f.slug}`, { headers });
        expect(status.body, `status ${i + 1}`).toMatchObject({ state: 'admitted', passNeeds: null });
        const added = await post<TCartAnswer>(
          '/api/v4/addtocart',
          { lotId: f.lotId, quantity: UNITS, sessionId: b.sessionId },
          { ...headers, [QUEUE_PASS_HEADER]: status.body.pass! },
        );
        expect(added.status, `hold ${i + 1}`).toBe(200);
        const paid = await post<TPaymentAnswer>('/checkout/v1', cardBody('apro'), {
          ...headers,
          'idempotency-key': `carrier-${i}`,
        });
        expect(paid.status, `payment ${i + 1}`).toBe(200);
        expect([3, 1], `order ${i + 1}`).toContain(paid.body.orderStatus);
      }
      await t.app.checkout.idle();
      const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
      expect(lot!.sold + lot!.held).toBe(BUYERS * UNITS);
    });
  },
);
