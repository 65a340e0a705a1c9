import type { TQueueStatusAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { createApp } from '../../http/app.ts';
import { admitToEvent } from '../../modules/queue/admit-visitors.ts';
import { forgetQueueEvents } from '../../modules/queue/queue-event.ts';
import { signQueuePass } from '../../modules/queue/queue-pass.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const LINK_SECRET = 'queue-test-link-secret-0123456789abcdef';
const secret = new TextEncoder().encode(LINK_SECRET);
let serial = 0;
/** A browser's cart session: 16-64 letters, digits, - or _. */
function newSession() {
  serial += 1;
  return `queue_session_${Date.now().toString(36)}_${serial}`;
}
/** Spearman's rank correlation of two orderings of the same n items (no ties). */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  const d2 = a.reduce((sum, x, i) => sum + (x - b[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe.each(testDatabases())('the waiting room on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { LINK_SECRET, QUEUE_PASS_SECONDS: '600', CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** The fixture event with a queue that opens `inSeconds` from now (negative: already open). */
  async function queuedEvent(inSeconds: number, lotCapacity = 1_000) {
    f = await createCartFixture(db(), { lotCapacity });
    await db().execute(sql`update events set queue_enabled = true, queue_rate_per_minute = 60,
      on_sale_at = now() + make_interval(secs => ${inSeconds}) where id = ${f.eventId}`);
    return f;
  }
  const start = async () => {
    await db().execute(
      sql`update events set on_sale_at = now() - interval '1 second' where id = ${f.eventId}`,
    );
    forgetQueueEvents(db());
  };
  /** One admission tick that lets exactly `n` in (the rate's budget for the 5 s the clock may catch up). */
  async function admit(n: number) {
    await db().execute(sql`update events set queue_rate_per_minute = ${12 * n} where id = ${f.eventId}`);
    await db().execute(
      sql`insert into event_queues (event_id, clock) values (${f.eventId}, now() - interval '1 hour')
        on conflict (event_id) do update set clock = excluded.clock`,
    );
    return admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId);
  }
  const status = (session: string, headers: Record<string, string> = {}) =>
    t.request(`/api/queue/${f.slug}`, { headers: { 'x-session-id': session, ...headers } });
  const join = (session: string, headers: Record<string, string> = {}) =>
    t.request(`/api/queue/${f.slug}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': session, ...headers },
      body: '{}',
    });
  const joined = async (session: string, headers: Record<string, string> = {}) =>
    (await (await join(session, headers)).json()) as TQueueStatusAnswer;
  const add = (session: string, headers: Record<string, string> = {}) =>
    t.json<TError>('/api/v4/addtocart', { sessionId: session, lotId: f.lotId, quantity: 1 }, { headers });

  it('draws early arrivals at random at the start: arriving first gives no edge', async () => {
    await queuedEvent(3600);
    const sessions = Array.from({ length: 200 }, newSession);
    for (const session of sessions) {
      const place = await joined(session);
      // Before the start nobody has a position: the page counts down to the draw.
      expect(place).toMatchObject({ state: 'waiting', position: null });
      expect(place.estimatedWaitSeconds).toBeGreaterThan(3500);
    }
    await start();
    const late = newSession();
    await joined(late);
    await admit(1);
    const positions = await Promise.all(
      sessions.map(async (s) => (await (await status(s)).json()) as TQueueStatusAnswer),
    );
    const admittedFirst = positions.findIndex((p) => p.state === 'admitted');
    expect(admittedFirst).toBeGreaterThanOrEqual(0);
    // Every early arrival has a distinct place 1..199 (one was admitted); the late one comes after them all.
    const order = positions.map((p) => (p.state === 'admitted' ? 0 : p.position!));
    expect(new Set(order).size).toBe(200);
    expect(((await (await status(late)).json()) as TQueueStatusAnswer).position).toBe(200);
    // Arrival order and drawn order are unrelated: |rho| for 200 shuffled items is ~0.07 (sd); 0.3 is > 4 sd.
    expect(
      Math.abs(
        spearman(
          sessions.map((_, i) => i),
          order,
        ),
      ),
    ).toBeLessThan(0.3);
    // And the first half of the arrivals does not take the first half of the places.
    const firstHalfFront = order.slice(0, 100).filter((p) => p < 100).length;
    expect(firstHalfFront).toBeGreaterThan(30);
    expect(firstHalfFront).toBeLessThan(70);
  });

  it('after the start, first come first served, at the rate set', async () => {
    await queuedEvent(-1);
    const sessions = Array.from({ length: 12 }, newSession);
    for (const session of sessions) await joined(session);
    expect(await admit(5)).toBe(5);
    const states = await Promise.all(
      sessions.map(async (s) => (await (await status(s)).json()) as TQueueStatusAnswer),
    );
    expect(states.map((s) => s.state)).toEqual([...Array(5).fill('admitted'), ...Array(7).fill('waiting')]);
    expect(states.slice(5).map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(states[5]).toMatchObject({ ahead: 0 });
    expect(states[11]!.estimatedWaitSeconds).toBeGreaterThan(0);
    expect(states[11]!.retryAfter).toBeGreaterThanOrEqual(2);
    // A tick with no budget left admits nobody: the rate is the event's, not the number of calls.
    expect(await admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId)).toBe(0);
  });

  it('admits from a slow queue too: 6 a minute lets one in every 10 s', async () => {
    await queuedEvent(-1);
    await start();
    await joined(newSession());
    await db().execute(sql`update events set queue_rate_per_minute = 6 where id = ${f.eventId}`);
    forgetQueueEvents(db());
    // Ten seconds since the last admission: one admission's worth, more than the usual catch-up.
    await db().execute(
      sql`insert into event_queues (event_id, clock) values (${f.eventId}, now() - interval '10 seconds')
        on conflict (event_id) do update set clock = excluded.clock`,
    );
    expect(await admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId)).toBe(1);
  });

  it('admits from the new on-sale time when it moves earlier after people joined', async () => {
    await queuedEvent(86_400);
    const sessions = Array.from({ length: 3 }, newSession);
    for (const session of sessions) await joined(session);
    await start();
    // The queue's clock was set to the old on-sale time (tomorrow): the first tick brings it to now.
    expect(await admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId)).toBe(0);
    await db().execute(
      sql`update event_queues set clock = clock - interval '3 seconds' where event_id = ${f.eventId}`,
    );
    expect(await admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId)).toBe(3);
  });

  it('keeps one place per browser and one per account', async () => {
    await queuedEvent(-1);
    const session = newSession();
    const first = await joined(session);
    const again = await joined(session);
    expect(again.position).toBe(first.position);
    const rows = async (where: ReturnType<typeof sql>) =>
      (
        (await db().execute(
          sql`select count(*)::int as n from queue_entries where event_id = ${f.eventId} and ${where}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await rows(sql`session_id = ${session}`)).toBe(1);

    const account = await register(t);
    const phone = newSession();
    const laptop = newSession();
    const onPhone = await joined(phone, { cookie: account.cookie });
    const onLaptop = await joined(laptop, { cookie: account.cookie });
    expect(onLaptop.position).toBe(onPhone.position);
    expect(await rows(sql`user_id = ${account.userId}`)).toBe(1);
    // The place follows the account to the browser it joined from last.
    expect(await rows(sql`session_id = ${laptop}`)).toBe(1);
    expect(((await (await status(phone)).json()) as TQueueStatusAnswer).state).toBe('none');
  });

  it('lets in only a visitor with a valid pass for this event and this session', async () => {
    await queuedEvent(-1);
    const bot = newSession();
    const buyer = newSession();
    // Issue 31: a pass goes to an account (one per account): the buyer is logged in.
    const account = await register(t);
    const me = { cookie: account.cookie };
    await joined(buyer, me);
    await joined(bot);
    const refused = await add(bot);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'queue_pass_required',
      Message:
        'Este evento está com fila de espera. Entre na fila e aguarde a sua vez para adicionar ingressos.',
    });
    const english = await add(bot, { 'accept-language': 'en' });
    expect(english.body.Message).toBe(
      'This event has a waiting room. Join the queue and wait for your turn to add tickets.',
    );

    expect(await admit(1)).toBe(1);
    const response = await status(buyer, me);
    const admitted = (await response.json()) as TQueueStatusAnswer;
    expect(admitted).toMatchObject({ state: 'admitted', progress: 1, passNeeds: null });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`queue_pass_${f.eventId}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    const pass = cookie.split(';')[0]!;

    // The bot copies the buyer's pass: it names the buyer's session, not the bot's.
    expect((await add(bot, { cookie: pass })).status).toBe(403);
    expect((await add(bot, { 'x-queue-pass': admitted.pass! })).status).toBe(403);
    // A forged signature, another event's pass and an expired pass are refused too.
    const forged = `${admitted.pass!.slice(0, -2)}${admitted.pass!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await add(buyer, { ...me, 'x-queue-pass': forged })).status).toBe(403);
    const otherEvent = signQueuePass(secret, f.otherEventId, buyer, new Date(Date.now() + 60_000));
    expect((await add(buyer, { ...me, 'x-queue-pass': otherEvent })).status).toBe(403);
    const expired = signQueuePass(secret, f.eventId, buyer, new Date(Date.now() - 1_000));
    expect((await add(buyer, { ...me, 'x-queue-pass': expired })).status).toBe(403);

    // The buyer's own pass, by cookie as a page sends it.
    const bought = await add(buyer, { cookie: `${account.cookie}; ${pass}` });
    expect(bought.status).toBe(200);
  });

  it('a visitor whose pass ran out joins again at the back, once however many tabs ask', async () => {
    await queuedEvent(-1);
    const [late, ...others] = Array.from({ length: 4 }, newSession) as [string, ...string[]];
    await joined(late);
    expect(await admit(1)).toBe(1);
    for (const session of others) await joined(session);
    // The pass (600 s here) ran out without a purchase.
    await db().execute(sql`update queue_entries set admitted_at = now() - interval '601 seconds'
      where session_id = ${late}`);
    expect(((await (await status(late)).json()) as TQueueStatusAnswer).state).toBe('expired');
    const [again, twice] = await Promise.all([joined(late), joined(late)]);
    expect(again).toMatchObject({ state: 'waiting', position: 4, ahead: 3 });
    expect(twice).toMatchObject({ state: 'waiting', position: 4 });
    const places = await db().execute(
      sql`select count(*)::int as n from queue_entries where event_id = ${f.eventId} and session_id = ${late}`,
    );
    expect((places as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // Everyone who was waiting goes first; then the visitor is let in again.
    expect(await admit(3)).toBe(3);
    expect(((await (await status(late)).json()) as TQueueStatusAnswer).state).toBe('waiting');
    expect(await admit(1)).toBe(1);
    expect(((await (await status(late)).json()) as TQueueStatusAnswer).state).toBe('admitted');
  });

  it('keeps the place across a restart: the queue lives in the database', async () => {
    await queuedEvent(-1);
    const sessions = Array.from({ length: 4 }, newSession);
    for (const session of sessions) await joined(session);
    const before = (await (await status(sessions[3]!)).json()) as TQueueStatusAnswer;
    // A new process: a fresh app on the same database, nothing shared in memory.
    const restarted = createApp({
      config: t.config,
      database: t.database,
      log: t.log,
      contentDir: 'content/pages',
      catalogue: t.catalogue,
    });
    const after = (await (
      await restarted.request(`http://localhost/api/queue/${f.slug}`, {
        headers: { 'x-session-id': sessions[3]! },
      })
    ).json()) as TQueueStatusAnswer;
    expect(after).toMatchObject({ state: 'waiting', position: before.position, ahead: 3 });
    await restarted.outbox.stop();
  });

  it('says when the event sells out, and admits nobody into nothing', async () => {
    await queuedEvent(-1, 2);
    const session = newSession();
    await joined(session);
    await db().execute(sql`update ticket_lots set sold = capacity where ticket_id in
      (select t.id from event_tickets t join event_sections s on s.id = t.section_id where s.event_id = ${f.eventId})`);
    expect(await admit(3)).toBe(0);
    forgetQueueEvents(db());
    expect(((await (await status(session)).json()) as TQueueStatusAnswer).state).toBe('soldout');
  });

  it('is closed for an event without a queue: buy as usual', async () => {
    f = await createCartFixture(db());
    const session = newSession();
    expect(((await (await status(session)).json()) as TQueueStatusAnswer).state).toBe('closed');
    expect((await join(session)).status).toBe(409);
    expect((await add(session)).status).toBe(200);
  });
});
