import type { TQueueStatusAnswer } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { admitToEvent } from '../../modules/queue/admit-visitors.ts';
import { forgetQueueEvents } from '../../modules/queue/queue-event.ts';
import { brazilianAdult, fromIp, sessionCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const CAPTCHA_AFTER = 5;
const PER_SESSION = 10;
const IP_MAX = 60;
let serial = 0;
const newSession = () => {
  serial += 1;
  return `flood_session_${Date.now().toString(36)}_${serial}`;
};
let ipSerial = 0;
const newIp = () => {
  ipSerial += 1;
  return `198.18.${Math.floor(ipSerial / 250)}.${(ipSerial % 250) + 1}`;
};

/**
 * Issue 31 item 5: 150 joins from one address in 1.5 s each got a place (the queue went from 2 to
 * 152), and before the opening places are drawn at random, so a script won most early ranks. Joins
 * are now limited per address (the captcha past a few, a loose ceiling) and per browser, and a
 * bot's places are worthless: the pass goes to one account per place, one place per account.
 */
describe.each(testDatabases())('a join flood on the waiting room on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'local',
      QUEUE_JOIN_THROTTLE: 'true',
      QUEUE_CAPTCHA_AFTER: String(CAPTCHA_AFTER),
      QUEUE_JOINS_PER_SESSION: String(PER_SESSION),
      QUEUE_IP_MAX_JOINS: String(IP_MAX),
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** An event whose queue opens in an hour, with two visitors already in it. */
  const queuedEvent = async () => {
    const f = await createCartFixture(db(), { lotCapacity: 1_000 });
    await db().execute(sql`update events set queue_enabled = true, queue_rate_per_minute = 60,
      on_sale_at = now() + interval '1 hour' where id = ${f.eventId}`);
    for (const ip of [newIp(), newIp()]) expect((await join(f, ip)).status).toBe(200);
    return f;
  };
  const places = async (f: TCartFixture) =>
    (
      (await db().execute(
        sql`select count(*)::int as n from queue_entries where event_id = ${f.eventId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  const request = async (ip: string, path: string, init: RequestInit = {}) =>
    t.app.request(`http://localhost${path}`, init, fromIp(ip));
  const join = async (
    f: TCartFixture,
    ip: string,
    headers: Record<string, string> = {},
    session = newSession(),
  ) => {
    const response = await request(ip, `/api/queue/${f.slug}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': session, ...headers },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as TQueueStatusAnswer & TError, session };
  };
  const captchaToken = async (ip: string) => {
    const response = await request(ip, '/api/captcha/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { token: string }).token;
  };

  it('150 joins from one address: a few places, every further one needs the captcha or waits', async () => {
    const f = await queuedEvent();
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 150; i += 1) answers.push(await join(f, ip));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CAPTCHA_AFTER);
    const refused = answers.filter((a) => a.status !== 200);
    // Past the captcha threshold, the captcha; past the address's ceiling of joins, a wait.
    expect(refused.slice(0, IP_MAX - CAPTCHA_AFTER).every((a) => a.body.code === 'captcha_required')).toBe(
      true,
    );
    expect(
      refused
        .slice(IP_MAX - CAPTCHA_AFTER)
        .every((a) => a.status === 429 && a.body.code === 'too_many_joins'),
    ).toBe(true);
    expect(refused[0]!.status).toBe(400);
    expect(refused[0]!.body.Message).toBe('Confirme que você não é um robô para entrar na fila.');
    expect(await places(f)).toBe(2 + CAPTCHA_AFTER);
    // Another address is another visitor.
    expect((await join(f, newIp())).status).toBe(200);
  });

  it('past the threshold each join answers its own captcha', async () => {
    const f = await queuedEvent();
    const ip = newIp();
    for (let i = 0; i < CAPTCHA_AFTER; i += 1) expect((await join(f, ip)).status).toBe(200);
    const english = await join(f, ip, { 'accept-language': 'en' });
    expect(english.body.Message).toBe('Confirm you are not a robot to join the queue.');
    // A wrong answer is no answer; a right one takes a place; an answer works once.
    expect((await join(f, ip, { [CAPTCHA_HEADER]: 'x'.repeat(40) })).body.code).toBe('captcha_invalid');
    const token = await captchaToken(ip);
    expect((await join(f, ip, { [CAPTCHA_HEADER]: token })).status).toBe(200);
    expect((await join(f, ip, { [CAPTCHA_HEADER]: token })).body.code).toBe('captcha_invalid');
    expect((await join(f, ip)).body.code).toBe('captcha_required');
    expect(await places(f)).toBe(2 + CAPTCHA_AFTER + 1);
  });

  it('answering every captcha still stops at the address’s ceiling; one browser joins a few times only', async () => {
    const f = await queuedEvent();
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < IP_MAX + 10; i += 1)
      statuses.push((await join(f, ip, { [CAPTCHA_HEADER]: await captchaToken(ip) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(IP_MAX);
    const waited = await join(f, ip, { [CAPTCHA_HEADER]: await captchaToken(ip) });
    expect(waited.status).toBe(429);
    expect(waited.body.code).toBe('too_many_joins');
    // One cart session asking again and again: the same place, and past a few asks a 429.
    const session = newSession();
    const other = newIp();
    const again: number[] = [];
    for (let i = 0; i < PER_SESSION + 1; i += 1) again.push((await join(f, other, {}, session)).status);
    expect(again.slice(0, PER_SESSION).every((s) => s === 200 || s === 400)).toBe(true);
    expect(again.at(-1)).toBe(429);
  });

  it('an admitted place gives its pass to one account: anonymous places are asked to log in, an account gets one pass', async () => {
    const f = await queuedEvent();
    const ip = newIp();
    const bot = [];
    for (let i = 0; i < CAPTCHA_AFTER; i += 1) bot.push((await join(f, ip)).session);
    await db().execute(
      sql`update events set on_sale_at = now() - interval '1 second', queue_rate_per_minute = 600 where id = ${f.eventId}`,
    );
    await db().execute(sql`insert into event_queues (event_id, clock) values (${f.eventId}, now() - interval '1 hour')
      on conflict (event_id) do update set clock = excluded.clock`);
    forgetQueueEvents(db());
    // (The app's own admission tick may let some in first.)
    await admitToEvent({ db: db(), holdSeconds: 900 }, f.eventId);
    const admitted = (await db().execute(
      sql`select count(*)::int as n from queue_entries where event_id = ${f.eventId} and admitted_at is not null`,
    )) as unknown as { rows: { n: number }[] };
    expect(admitted.rows[0]!.n).toBe(2 + CAPTCHA_AFTER);
    const status = (session: string, headers: Record<string, string> = {}) =>
      request(ip, `/api/queue/${f.slug}`, { headers: { 'x-session-id': session, ...headers } });
    const add = (session: string, headers: Record<string, string> = {}) =>
      request(ip, '/api/v4/addtocart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': session, ...headers },
        body: JSON.stringify({ lotId: f.lotId, quantity: 1 }),
      });
    // Admitted, anonymous: no pass, no cookie; the page asks to log in.
    const anonymous = await status(bot[0]!);
    const seen = (await anonymous.json()) as TQueueStatusAnswer;
    expect(seen).toMatchObject({ state: 'admitted', pass: null, passNeeds: 'login' });
    expect(anonymous.headers.getSetCookie().some((c) => c.startsWith('queue_pass_'))).toBe(false);
    expect((await add(bot[0]!)).status).toBe(403);
    // One account logs in on each of two admitted places: the first gets the pass, the second none.
    const ip2 = newIp();
    const registered = await request(ip2, '/api/registerclient', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_HEADER]: await captchaToken(ip2) },
      body: JSON.stringify(brazilianAdult()),
    });
    expect(registered.status).toBe(201);
    const account = { cookie: sessionCookie(registered) };
    const first = (await (await status(bot[1]!, { cookie: account.cookie })).json()) as TQueueStatusAnswer;
    expect(first).toMatchObject({ state: 'admitted', passNeeds: null });
    expect(first.pass).toEqual(expect.any(String));
    const second = (await (await status(bot[2]!, { cookie: account.cookie })).json()) as TQueueStatusAnswer;
    expect(second).toMatchObject({ state: 'admitted', pass: null, passNeeds: 'account' });
    // The pass stays bound to its own browser's session.
    expect((await add(bot[1]!, { cookie: account.cookie, 'x-queue-pass': first.pass! })).status).toBe(200);
    expect((await add(bot[2]!, { cookie: account.cookie, 'x-queue-pass': first.pass! })).status).toBe(403);
  });
});
