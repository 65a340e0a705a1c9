import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { orders, staffAccounts, staffAuditLog } from '../../db/schema/index.ts';
import { inviteDemoAdmin } from '../../modules/staff/invite-demo-admin.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { staffSession } from '../../testing/staff.ts';
import { inviteAndEnrol, staffCaller } from '../../testing/staff-login.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const ADMIN_TOKEN = 'staff-admin-test-token-'.padEnd(40, 'x');

/**
 * Issue 33: the administrator's calls: staff accounts (roles, events, disabling, never the last
 * admin), the audit log (filters, keyset pages, CSV, and a table nobody can edit), the site's
 * switches (one audited change with the old X-Admin-Token call) and commissioners with their sales.
 */
describe.each(testDatabases())("the administrator's calls on %s", (kind) => {
  let t: TTestApp;
  let call: ReturnType<typeof staffCaller>;
  let admin: Awaited<ReturnType<typeof staffSession>>;
  let f: TCartFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', ADMIN_TOKEN });
    call = staffCaller(t);
    admin = await staffSession(t.database.db, { role: 'admin' });
    f = await createCartFixture(t.database.db, { lotCapacity: 20 });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  it('changes roles and events with an audit line each; disabling ends the sessions; the last admin stays', async () => {
    const member = await inviteAndEnrol(t, admin.cookie, { role: 'support' });
    const path = `/api/staff/accounts/${member.account.id}`;
    const patch = (body: unknown, cookie = admin.cookie) => call('PATCH', path, { cookie, body });

    expect((await patch({ role: 'producer' })).body.Message).toContain('eventIds');
    expect((await patch({ role: 'producer', eventIds: [999_999] })).status).toBe(404);
    const producer = await patch({ role: 'producer', eventIds: [f.eventId] });
    expect(producer.status).toBe(200);
    expect(producer.body.account).toMatchObject({
      role: 'producer',
      eventIds: [f.eventId],
      status: 'active',
    });
    // Every request reads the role: the member's open session is a producer's now.
    expect((await call('GET', '/api/staff/me', { cookie: member.cookie })).body).toMatchObject({
      role: 'producer',
      eventIds: [f.eventId],
    });
    // Back to a role without events: the events go with the old role.
    expect((await patch({ role: 'support' })).body.account.eventIds).toEqual([]);

    const disabled = await patch({ status: 'disabled' });
    expect(disabled.body.account.status).toBe('disabled');
    expect((await call('GET', '/api/staff/me', { cookie: member.cookie })).status).toBe(401);
    const login = await call('POST', '/api/staff/login', {
      ip: member.ip,
      body: { email: member.email, password: 'Console#2026' },
    });
    expect(login.status).toBe(401);
    const lines = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, member.account.id))
      .orderBy(staffAuditLog.id);
    expect(lines.filter((l) => l.staffId === admin.id).map((l) => [l.action, l.before, l.after])).toEqual([
      ['staff.invite', null, expect.objectContaining({ role: 'support' })],
      [
        'staff.update',
        { role: 'support', eventIds: [], status: 'active' },
        { role: 'producer', eventIds: [f.eventId], status: 'active' },
      ],
      [
        'staff.update',
        { role: 'producer', eventIds: [f.eventId], status: 'active' },
        { role: 'support', eventIds: [], status: 'active' },
      ],
      [
        'staff.disable',
        { role: 'support', eventIds: [], status: 'active' },
        { role: 'support', eventIds: [], status: 'disabled', sessionsEnded: 1 },
      ],
    ]);
    // Enabled again, the same password works (the second factor is still there).
    expect((await patch({ status: 'active' })).body.account.status).toBe('active');

    // The only active administrator can neither demote nor disable themself.
    const self = `/api/staff/accounts/${admin.id}`;
    for (const body of [{ role: 'support' }, { status: 'disabled' }]) {
      const refused = await call('PATCH', self, { cookie: admin.cookie, body });
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe(
        'Não é possível desativar nem rebaixar o último administrador ativo.',
      );
    }
    const second = await inviteAndEnrol(t, admin.cookie, { role: 'admin' });
    const handed = await call('PATCH', self, { cookie: second.cookie, body: { role: 'support' } });
    expect(handed.status).toBe(200);
    const back = await call('PATCH', self, { cookie: second.cookie, body: { role: 'admin' } });
    expect(back.body.account.role).toBe('admin');
    const listed = await call('GET', '/api/staff/accounts', { cookie: admin.cookie });
    expect(listed.body.accounts.map((a: { email: string }) => a.email)).toEqual(
      expect.arrayContaining([admin.email, member.email, second.email]),
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/password|totpSecret|recoveryCodes/);
  });

  it('reads the audit log newest first by keyset pages, filtered, and exports it as CSV (an audited export)', async () => {
    const member = await inviteAndEnrol(t, admin.cookie, { role: 'biometry_reviewer' });
    const all = await call('GET', `/api/staff/audit?targetId=${member.account.id}`, { cookie: admin.cookie });
    expect(all.status).toBe(200);
    const actions = all.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['staff.login', 'staff.totp_enrol', 'staff.invitation_accept', 'staff.invite']);
    expect(all.body.nextCursor).toBeNull();

    // Two a page: the pages join up to the same list, without repeats.
    const first = await call('GET', `/api/staff/audit?targetId=${member.account.id}&limit=2`, {
      cookie: admin.cookie,
    });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await call(
      'GET',
      `/api/staff/audit?targetId=${member.account.id}&limit=2&cursor=${first.body.nextCursor}`,
      { cookie: admin.cookie },
    );
    expect([...first.body.entries, ...next.body.entries]).toEqual(all.body.entries);
    expect(next.body.nextCursor).toBeNull();

    const invites = await call('GET', `/api/staff/audit?action=staff.invite&staffId=${admin.id}`, {
      cookie: admin.cookie,
    });
    expect(invites.body.entries.length).toBeGreaterThanOrEqual(1);
    expect(
      invites.body.entries.every(
        (e: { action: string; staffId: string }) => e.action === 'staff.invite' && e.staffId === admin.id,
      ),
    ).toBe(true);
    const future = await call('GET', '/api/staff/audit?from=2999-01-01', { cookie: admin.cookie });
    expect(future.body.entries).toEqual([]);
    const past = await call('GET', '/api/staff/audit?to=2000-01-01', { cookie: admin.cookie });
    expect(past.body.entries).toEqual([]);
    const bad = await call('GET', '/api/staff/audit?from=yesterday', { cookie: admin.cookie });
    expect(bad.status).toBe(400);

    const csv = await call('GET', `/api/staff/audit.csv?targetId=${member.account.id}`, {
      cookie: admin.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'id,at,staff_id,staff_email,action,target_type,target_id,reason,ip,request_id,before,after',
    );
    expect(rows.slice(1).map((r) => r.split(',')[4])).toEqual(actions);
    expect(rows[4]).toContain(`,${admin.id},${admin.email},staff.invite,staff,${member.account.id},`);
    const [exported] = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'audit.export'));
    expect(exported).toMatchObject({
      staffId: admin.id,
      after: { filters: { targetId: member.account.id }, lines: 4 },
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit log at the database, for everyone', async () => {
    const [line] = await t.database.db.select().from(staffAuditLog).limit(1);
    expect(line).toBeDefined();
    const attempts = [
      sql`update staff_audit_log set action = 'staff.nothing' where id = ${line!.id}`,
      sql`delete from staff_audit_log where id = ${line!.id}`,
      sql`truncate staff_audit_log`,
    ];
    for (const attempt of attempts) {
      const error = await t.database.db.execute(attempt).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      // The trigger's own words (drizzle wraps the driver's error: its cause holds them).
      expect(`${error?.message} ${error?.cause?.message}`).toContain('staff_audit_log is append-only');
    }
    const [same] = await t.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.id, line!.id));
    expect(same).toEqual(line);
  });

  it("changes the site's switches with before and after in the audit log; the X-Admin-Token call still works and is audited too", async () => {
    const before = await call('GET', '/api/staff/site-flags', { cookie: admin.cookie });
    expect(before.body.flags.chatWidget).toBe(false);
    const changed = await call('PUT', '/api/staff/site-flags', {
      cookie: admin.cookie,
      body: { flags: { chatWidget: true, biometryManualReviewHours: 48 }, reason: 'Black Friday' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.flags).toMatchObject({ chatWidget: true, biometryManualReviewHours: 48 });
    const site = await t.request('/api/site/flags');
    expect(((await site.json()) as { flags: { chatWidget: boolean } }).flags.chatWidget).toBe(true);
    expect(
      (await call('PUT', '/api/staff/site-flags', { cookie: admin.cookie, body: { flags: {} } })).status,
    ).toBe(400);

    const byToken = await call('PUT', '/api/admin/site-flags', {
      ip: '203.0.113.90',
      headers: { 'x-admin-token': ADMIN_TOKEN },
      body: { chatWidget: false },
    });
    expect(byToken.status).toBe(200);
    const wrongToken = await call('PUT', '/api/admin/site-flags', {
      ip: '203.0.113.91',
      headers: { 'x-admin-token': 'wrong' },
      body: { chatWidget: true },
    });
    expect(wrongToken.status).toBe(403);
    const lines = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'site_flags.change'))
      .orderBy(staffAuditLog.id);
    expect(lines.map((l) => [l.staffId, l.before, l.after, l.reason])).toEqual([
      [
        admin.id,
        { chatWidget: false, biometryManualReviewHours: 24 },
        { chatWidget: true, biometryManualReviewHours: 48 },
        'Black Friday',
      ],
      [null, { chatWidget: true }, { chatWidget: false }, 'X-Admin-Token'],
    ]);
    expect(JSON.stringify(lines)).not.toContain(ADMIN_TOKEN);
  });

  it('creates and deactivates commissioners, and shows what each sold (paid orders, tickets, totals)', async () => {
    const created = await call('POST', '/api/staff/commissioners', {
      cookie: admin.cookie,
      body: { name: 'Revenda Centro', eventIds: [f.eventId], hash: 'revenda-centro-01' },
    });
    expect(created.status).toBe(201);
    const id = created.body.commissioner.id as number;
    expect(created.body.commissioner).toMatchObject({
      name: 'Revenda Centro',
      hash: 'revenda-centro-01',
      active: true,
      eventIds: [f.eventId],
      orders: 0,
      totals: [],
    });
    const taken = await call('POST', '/api/staff/commissioners', {
      cookie: admin.cookie,
      body: { name: 'Outra', eventIds: [f.eventId], hash: 'revenda-centro-01' },
    });
    expect(taken.status).toBe(409);
    const unknownEvent = await call('POST', '/api/staff/commissioners', {
      cookie: admin.cookie,
      body: { name: 'Outra', eventIds: [999_999] },
    });
    expect(unknownEvent.status).toBe(404);
    expect(
      (await t.json('/api/Commissioners/getcommissionerinfo', { hash: 'revenda-centro-01' })).status,
    ).toBe(200);

    // A paid order this commissioner sold (the sale itself is commissioners.int.test.ts's).
    const buyer = await checkoutBuyer(t);
    await buyer.add(f.lotId, 2);
    const paid = await buyer.pay('staff-commissioner-sale', cardBody('apro'));
    expect(paid.status).toBe(200);
    await t.database.db
      .update(orders)
      .set({ sellerId: id, channel: 2 })
      .where(eq(orders.id, paid.body.orderId));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
    const listed = await call('GET', '/api/staff/commissioners', { cookie: admin.cookie });
    expect(listed.body.commissioners.find((c: { id: number }) => c.id === id)).toMatchObject({
      orders: 1,
      tickets: 2,
      totals: [{ currency: order!.currency, totalCents: order!.totalCents }],
    });

    const off = await call('PATCH', `/api/staff/commissioners/${id}`, {
      cookie: admin.cookie,
      body: { active: false },
    });
    expect(off.body.commissioner).toMatchObject({ active: false, orders: 1 });
    expect(
      (await t.json('/api/Commissioners/getcommissionerinfo', { hash: 'revenda-centro-01' })).status,
    ).toBe(404);
    expect(
      (
        await call('PATCH', '/api/staff/commissioners/999999', {
          cookie: admin.cookie,
          body: { active: false },
        })
      ).status,
    ).toBe(404);
    const lines = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(id)))
      .orderBy(staffAuditLog.id);
    expect(lines.map((l) => [l.action, l.staffId, l.before, l.after])).toEqual([
      [
        'commissioner.create',
        admin.id,
        null,
        { name: 'Revenda Centro', hash: 'revenda-centro-01', eventIds: [f.eventId], active: true },
      ],
      ['commissioner.deactivate', admin.id, { active: true }, { active: false }],
    ]);
  });

  it('the first administrator of a demo start: an invitation for admin@bilheto.local only while no staff exist', async () => {
    const options = { db: t.database.db, config: t.config, log: t.log, outbox: { nudge() {} } };
    // This database has staff already: nothing happens.
    expect(await inviteDemoAdmin(options)).toBeNull();
    const fresh = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    try {
      const link = await inviteDemoAdmin({ ...options, db: fresh.database.db, config: fresh.config });
      expect(link).toMatch(/^http:\/\/localhost:\d+\/console\/convite\?token=[\w-]{43}$/);
      const [row] = await fresh.database.db.select().from(staffAccounts);
      expect(row).toMatchObject({ email: 'admin@bilheto.local', role: 'admin', status: 'invited' });
      expect(await inviteDemoAdmin({ ...options, db: fresh.database.db, config: fresh.config })).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
