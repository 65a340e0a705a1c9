import { ENDPOINTS, type TEndpointName } from '@ingressos/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from '../../db/orm.ts';
import { staffAccounts, staffAuditLog } from '../../db/schema/index.ts';
import { register } from '../../testing/accounts.ts';
import { staffSession } from '../../testing/staff.ts';
import { invitationToken, inviteAndEnrol, STAFF_PASSWORD, staffCaller } from '../../testing/staff-login.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const UUID = '00000000-0000-4000-8000-000000000000';
/** The calls of this file that need no staff session at all. */
const PUBLIC: TEndpointName[] = ['staffLogin', 'staffLogout', 'acceptStaffInvitation'];
/** The calls a half-way session (password given, second factor not yet) may make. */
const HALF_WAY: TEndpointName[] = ['staffLoginTotp', 'staffTotpEnrol', 'staffTotpConfirm', 'staffMe'];
/** The administrator's calls. */
const ADMIN_ONLY: TEndpointName[] = [
  'staffAccounts',
  'createStaffAccount',
  'updateStaffAccount',
  'unlockStaffAccount',
  'staffAudit',
  'staffAuditCsv',
  'staffSiteFlags',
  'changeStaffSiteFlags',
  'staffCommissioners',
  'createStaffCommissioner',
  'updateStaffCommissioner',
];
const target = (name: TEndpointName) => {
  const { method, path } = ENDPOINTS[name];
  return { method, path: path.replace(':id', path.includes('commissioners') ? '1' : UUID) };
};

/**
 * Issue 33: no call of the staff accounts' part opens for an anonymous visitor, a buyer (cookie or
 * Bearer) or a half-way login (password given, no second factor yet), and the administrator's calls
 * open for no other role.
 */
describe.each(testDatabases())('who may call the staff accounts on %s', (kind) => {
  let t: TTestApp;
  let call: ReturnType<typeof staffCaller>;
  let admin: Awaited<ReturnType<typeof staffSession>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    call = staffCaller(t);
    admin = await staffSession(t.database.db, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('refuses every staff-account call to anonymous visitors and to buyers (401), and a half-way login opens only the second factor', async () => {
    const buyer = await register(t);
    const email = `half-${Date.now()}@bilheto.test`;
    await call('POST', '/api/staff/accounts', {
      cookie: admin.cookie,
      body: { email, name: 'Meia Volta', role: 'admin' },
    });
    await call('POST', '/api/staff/invitations/accept', {
      ip: '203.0.113.70',
      body: { token: await invitationToken(t, email), password: STAFF_PASSWORD },
    });
    const half = await call('POST', '/api/staff/login', {
      ip: '203.0.113.70',
      body: { email, password: STAFF_PASSWORD },
    });
    expect(half.body).toEqual({ next: 'enrol' });

    const mine = (Object.keys(ENDPOINTS) as TEndpointName[]).filter((name) =>
      [...HALF_WAY, ...ADMIN_ONLY].includes(name),
    );
    const refused: string[] = [];
    for (const name of mine) {
      const { method, path } = target(name);
      type TWho = [string, { cookie?: string | null; headers?: Record<string, string> }];
      const who: TWho[] = [
        ['anonymous', {}],
        ['buyer cookie', { cookie: buyer.cookie }],
        ['buyer bearer', { headers: { authorization: `Bearer ${buyer.token}` } }],
        ...(HALF_WAY.includes(name) ? [] : [['half-way staff', { cookie: half.cookie }] as TWho]),
      ];
      for (const [label, options] of who) {
        const answer = await call(method, path, { ...options, body: method === 'GET' ? undefined : {} });
        if (answer.status !== 401 || answer.body?.code !== 'staff_unauthenticated')
          refused.push(`${label} ${method} ${path}: ${answer.status} ${answer.text.slice(0, 80)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(mine.length).toBe(HALF_WAY.length + ADMIN_ONLY.length);
    // Nothing was changed by any of them.
    const [account] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(account!.totpEnabledAt).toBeNull();
    expect(PUBLIC.every((name) => ENDPOINTS[name].path.startsWith('/api/staff/'))).toBe(true);
  });

  it("refuses the administrator's calls to every other role (403), producers and gate agents included", async () => {
    const refused: string[] = [];
    for (const role of ['support', 'biometry_reviewer', 'producer', 'gate'] as const) {
      const someone = await staffSession(t.database.db, {
        role,
        eventIds: role === 'producer' || role === 'gate' ? [1] : [],
      });
      for (const name of ADMIN_ONLY) {
        const { method, path } = target(name);
        const answer = await call(method, path, {
          cookie: someone.cookie,
          body: method === 'GET' ? undefined : {},
        });
        if (answer.status !== 403 || answer.body?.code !== 'staff_forbidden')
          refused.push(`${role} ${method} ${path}: ${answer.status}`);
      }
      // Their own session still works for the calls every staff member has.
      expect((await call('GET', '/api/staff/me', { cookie: someone.cookie })).body).toMatchObject({ role });
    }
    expect(refused).toEqual([]);
  });

  it('logging out ends the session (audited) and clears the cookie', async () => {
    const member = await inviteAndEnrol(t, admin.cookie, { role: 'gate', eventIds: [] }).catch(
      (e: Error) => e,
    );
    // A gate agent works exactly one event: the invitation said so.
    expect(member).toBeInstanceOf(Error);
    const someone = await inviteAndEnrol(t, admin.cookie, { role: 'support' });
    const out = await call('POST', '/api/staff/logout', { cookie: someone.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/staff_sid=;.*Max-Age=0/);
    expect((await call('GET', '/api/staff/me', { cookie: someone.cookie })).status).toBe(401);
    const [line] = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetId, someone.account.id), eq(staffAuditLog.action, 'staff.logout')));
    expect(line).toMatchObject({ staffId: someone.account.id });
  });
});
