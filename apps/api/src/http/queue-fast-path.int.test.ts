import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { TQueueStatusAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/orm.ts';
import { rows } from '../db/rows.ts';
import { admitToEvent } from '../modules/queue/admit-visitors.ts';
import { forgetQueueEvents } from '../modules/queue/queue-event.ts';
import { fastQueueStatus, forgetQueueView } from '../modules/queue/queue-view.ts';
import { createCartFixture, type TCartFixture } from '../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../testing/test-app.ts';
import { withQueueStatusFastPath } from './queue-fast-path.ts';

const VISITORS = 60;
const session = (i: number) => `fast_path_visitor_${String(i).padStart(4, '0')}`;
/** Headers that differ between any two answers. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));

/**
 * Issue 37: the queue's status polls answered before the app (http/queue-fast-path.ts) say what the
 * app says: the same body and headers for a waiting place far back, the app's own answer near the
 * front and once admitted (the pass and its cookie are only ever the app's).
 */
describe.each(testDatabases())('the queue status fast path on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let fastUrl = '';
  let appUrl = '';
  let fastAnswers = 0;
  const servers: Server[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { QUEUE_PASS_SECONDS: '600', CAPTCHA_PROVIDER: 'off' });
    f = await createCartFixture(t.database.db, { lotCapacity: 1_000 });
    await t.database.db.execute(sql`update events set queue_enabled = true, queue_rate_per_minute = 6,
      on_sale_at = now() - interval '1 second' where id = ${f.eventId}`);
    forgetQueueEvents(t.database.db);
    const rules = {
      db: t.database.db,
      enabled: true,
      holdSeconds: t.config.CART_HOLD_SECONDS,
      passSeconds: t.config.QUEUE_PASS_SECONDS,
    };
    const app = getRequestListener(t.app.fetch);
    const fast = withQueueStatusFastPath(async (slug, sessionId) => {
      const answer = await fastQueueStatus(rules, slug, sessionId);
      if (answer) fastAnswers += 1;
      return answer;
    }, app);
    fastUrl = await listen(fast);
    appUrl = await listen(app);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await t.close();
  });
  async function listen(listener: RequestListener) {
    const server = createServer(listener);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers a waiting place far back as the app does, and leaves the front to the app', async () => {
    // All at once: the joins go in batches, and every visitor still gets a place of their own.
    const joins = await Promise.all(
      Array.from({ length: VISITORS }, async (_, i) => {
        const response = await fetch(`${fastUrl}/api/queue/${f.slug}/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': session(i) },
          body: '{}',
        });
        return (await response.json()) as TQueueStatusAnswer;
      }),
    );
    expect(joins.map((place) => place.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: VISITORS }, (_, i) => i + 1),
    );
    const back = joins.findIndex((place) => place.position === VISITORS);

    fastAnswers = 0;
    const fast = await fetch(`${fastUrl}/api/queue/${f.slug}`, {
      headers: { cookie: `locale=pt-BR; cart_session=${session(back)}` },
    });
    expect(fastAnswers).toBe(1);
    const app = await fetch(`${appUrl}/api/queue/${f.slug}`, { headers: { 'x-session-id': session(back) } });
    expect(await fast.text()).toBe(await app.text());
    expect(headersOf(fast)).toEqual(headersOf(app));
    expect(fast.headers.get('retry-after')).not.toBeNull();

    // The front is the app's: admitted, the pass and its cookie.
    await t.database.db.execute(
      sql`update event_queues set clock = now() - interval '1 hour' where event_id = ${f.eventId}`,
    );
    await t.database.db.execute(sql`update events set queue_rate_per_minute = 12 where id = ${f.eventId}`);
    forgetQueueEvents(t.database.db);
    expect(await admitToEvent({ db: t.database.db, holdSeconds: 900 }, f.eventId)).toBe(1);
    const first = joins.findIndex((place) => place.position === 1);
    fastAnswers = 0;
    const admitted = await fetch(`${fastUrl}/api/queue/${f.slug}`, {
      headers: { 'x-session-id': session(first) },
    });
    expect(fastAnswers).toBe(0);
    expect(((await admitted.json()) as TQueueStatusAnswer).state).toBe('admitted');

    // A place this process never read goes to the app too (then it is remembered).
    forgetQueueView(t.database.db);
    fastAnswers = 0;
    const unknown = await fetch(`${fastUrl}/api/queue/${f.slug}`, {
      headers: { 'x-session-id': session(back) },
    });
    expect(((await unknown.json()) as TQueueStatusAnswer).position).toBe(VISITORS - 1);
    expect(fastAnswers).toBe(0);
  });

  it('keeps one place per visitor however often they join at once', async () => {
    const again = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${fastUrl}/api/queue/${f.slug}/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': session(VISITORS + 1) },
          body: '{}',
        });
        return (await response.json()) as TQueueStatusAnswer;
      }),
    );
    expect(new Set(again.map((place) => place.position)).size).toBe(1);
    const counted = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from queue_entries where event_id = ${f.eventId}`,
    );
    expect(Number(counted[0]!.n)).toBe(VISITORS + 1);
  });
});
