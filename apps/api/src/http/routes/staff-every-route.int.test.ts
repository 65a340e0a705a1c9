import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { eventCancellations, staffAccounts, staffSessions, tickets } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';
import { staffCookieName } from '../../modules/staff/staff-sessions.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createStandInFaceEngine, standInCapture } from '../../testing/face-engine-stand-in.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * The staff calls that must answer without a full staff session, each with why. Every other
 * route under /api/staff is refused to anyone without one.
 */
const OPEN: Record<string, string> = {
  // The way in: a password (then the second factor) makes the session the other calls need.
  'POST /api/staff/login': 'the login itself',
  'POST /api/staff/invitations/accept': "the invitation's single-use token is the credential",
  'POST /api/staff/logout': 'ends whatever session there is; without one there is nothing to end',
};
/** The second factor's steps, for a session past the password only (stage 'password'). */
const SECOND_FACTOR: Record<string, string> = {
  'POST /api/staff/login/totp': 'the TOTP step after the password',
  'POST /api/staff/totp/enrol': 'a first login enrols its TOTP before the console opens',
  'POST /api/staff/totp/confirm': 'confirms that enrolment',
  'GET /api/staff/me': 'tells the console which step the session is at',
};

/** Paths with a parameter that names no one's thing: a producer may call them with any value. */
const NOT_AN_ID: Record<string, string> = {
  'GET /api/staff/postal-codes/:cep': "a CEP is a public address code, not an id of an event's thing",
};

/**
 * Issue 33's access control, over EVERY route mounted under /api/staff (the staff accounts' own
 * role table is staff-access.int.test.ts; this file takes no list: it reads the app), read from the Hono app's
 * own route list (so a route added later by anyone is covered without touching this file): each
 * refuses an anonymous visitor, a buyer's session (cookie or Bearer) and a staff session that has
 * only passed the password (401); and a producer limited to one event asking about another
 * event's order, event or cancellation (the ids that name an event's things) gets 403 (IDOR); the
 * calls about staff accounts, commissioners and refunds by id are the administrator's or
 * support's, so a producer gets 403 there whatever the id. Frames of a face are never served
 * outside the reviewer's roles.
 */
describe.each(testDatabases())('access to the staff calls on %s', (kind) => {
  let t: TTestApp;
  let routes: { method: string; path: string }[];
  let buyer: Awaited<ReturnType<typeof register>>;
  let halfway: string;
  let producer: { cookie: string };
  let gateAgent: { cookie: string };
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { CAPTCHA_PROVIDER: 'off', BIOMETRY_IMAGE_RETENTION_HOURS: '1' },
      { faceEngine: createStandInFaceEngine() },
    );
    const seen = new Set<string>();
    routes = t.app.routes
      .filter((r) => r.path.startsWith('/api/staff/') && r.method !== 'ALL')
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && Boolean(seen.add(`${r.method} ${r.path}`)))
      .map((r) => ({ method: r.method, path: r.path }));
    buyer = await register(t);
    // A staff member past the password only: the half-way session of a login.
    const [account] = await t.database.db
      .insert(staffAccounts)
      .values({
        email: `halfway.${randomToken().slice(0, 6)}@staff.test`,
        name: 'Half',
        role: 'admin',
        status: 'active',
      })
      .returning();
    const token = randomToken();
    await t.database.db.insert(staffSessions).values({
      tokenHash: sha256(token),
      staffId: account!.id,
      stage: 'password',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    halfway = `${staffCookieName(false)}=${token}`;
    // Event A is the producer's; every id below belongs to event B.
    const a = await createCartFixture(t.database.db);
    const b = await createCartFixture(t.database.db);
    producer = await staffSession(t.database.db, { role: 'producer', eventIds: [a.eventId] });
    // Issue 35: a gate agent of event A, swept the same way (the gate's calls name event B or its ticket).
    gateAgent = await staffSession(t.database.db, { role: 'gate', eventIds: [a.eventId] });
    const payer = await checkoutBuyer(t);
    await payer.add(b.lotId, 1);
    const paid = await payer.pay('access-b', cardBody('apro'));
    expect(paid.body).toMatchObject({ orderStatus: ORDER_STATUS.PAGO });
    // Event B's cancellation, as the refunds' job keeps it (written here: the job is not the point).
    const [cancellation] = await t.database.db
      .insert(eventCancellations)
      .values({ eventId: b.eventId, kind: 'cancel', reason: 'access test', status: 'done' })
      .returning({ id: eventCancellations.id });
    ids = {
      orderId: paid.body.orderId as string,
      eventId: String(b.eventId),
      userId: payer.person.userId,
      uuid: crypto.randomUUID(),
      n: '0',
      id: String(cancellation!.id),
      refundId: 'x',
      ticketId: (await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId)))[0]!
        .id,
    };
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const send = (route: { method: string; path: string }, headers: Record<string, string>) =>
    t.request(
      route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(ids[key] ?? 'x')),
      {
        method: route.method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      },
    );
  const name = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

  it('reads the routes from the app: the support, refund and account calls are all there', () => {
    const names = routes.map(name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/staff/orders',
        'GET /api/staff/orders/:orderId',
        'GET /api/staff/biometry/reviews/:uuid/frames/:n',
        'POST /api/staff/orders/:orderId/refunds',
        'GET /api/staff/audit',
      ]),
    );
    // An exemption names a mounted route, so none outlives its route unnoticed.
    for (const open of [...Object.keys(OPEN), ...Object.keys(SECOND_FACTOR), ...Object.keys(NOT_AN_ID)])
      expect(names).toContain(open);
  });

  it('refuses every other staff call to an anonymous visitor, a buyer (cookie or Bearer) and a half-way login', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (OPEN[name(route)]) continue;
      const visitors: [string, Record<string, string>][] = [
        ['anonymous', {}],
        ['buyer cookie', { cookie: buyer.cookie }],
        ['buyer bearer', { authorization: `Bearer ${buyer.token}` }],
      ];
      if (!SECOND_FACTOR[name(route)]) visitors.push(['password stage', { cookie: halfway }]);
      for (const [who, headers] of visitors) {
        const response = await send(route, headers);
        const body = (await response.json().catch(() => null)) as { code?: string } | null;
        if (response.status !== 401 || body?.code !== 'staff_unauthenticated')
          wrong.push(`${name(route)} as ${who}: ${response.status} ${body?.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a producer or a gate agent of event A every call about event B's order, event, ticket or any other id (403)", async () => {
    const wrong: string[] = [];
    for (const [who, cookie] of [
      ['producer', producer.cookie],
      ['gate', gateAgent.cookie],
    ] as const)
      for (const route of routes.filter((r) => r.path.includes(':'))) {
        if (OPEN[name(route)] || SECOND_FACTOR[name(route)] || NOT_AN_ID[name(route)]) continue;
        const response = await send(route, { cookie });
        const body = (await response.json().catch(() => null)) as { code?: string } | null;
        if (response.status !== 403 || body?.code !== 'staff_forbidden')
          wrong.push(`${who} ${name(route)}: ${response.status} ${body?.code}`);
      }
    expect(wrong).toEqual([]);
  });

  it('serves a kept face frame only to a biometry reviewer or an administrator', async () => {
    const person = await register(t);
    const started = await t.json<{ uuid: string }>(
      '/v1/biometry/startBiometry',
      {},
      withCookie(person.cookie),
    );
    const capture = await t.json<{ data: { biometryStatusId: number } }>(
      '/v1/biometry/create',
      {
        uuid: started.body.uuid,
        frames: standInCapture({ faces: [`access-${Date.now()}`], borderline: true }),
      },
      withCookie(person.cookie),
    );
    expect(capture.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);
    const frame = (headers: Record<string, string>) =>
      t.request(`/api/staff/biometry/reviews/${started.body.uuid}/frames/0`, { headers });
    const refusedTo = async (headers: Record<string, string>) => {
      const response = await frame(headers);
      return { status: response.status, type: response.headers.get('content-type') };
    };
    for (const role of ['support', 'producer', 'gate'] as const) {
      const other = await staffSession(t.database.db, { role });
      expect(await refusedTo(other.headers), role).toEqual({
        status: 403,
        type: expect.stringMatching(/json/),
      });
    }
    expect(await refusedTo({})).toMatchObject({ status: 401 });
    expect(await refusedTo({ cookie: person.cookie })).toMatchObject({ status: 401 });
    expect(await refusedTo({ cookie: halfway })).toMatchObject({ status: 401 });
    for (const role of ['biometry_reviewer', 'admin'] as const) {
      const allowed = await frame((await staffSession(t.database.db, { role })).headers);
      expect(allowed.status, role).toBe(200);
      expect(allowed.headers.get('content-type')).toBe('image/jpeg');
    }
  });
});
