import type { TVisitorAnswer } from '@ingressos/contracts/visitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { register } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** Issue 18: what a shared page's frame asks after load about the visitor. */
describe.each(testDatabases())('GET /api/visitor on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  const visitor = async (cookie?: string) => {
    const response = await t.request('/api/visitor', cookie ? { headers: { cookie } } : {});
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      cookies: response.headers.getSetCookie(),
      text: await response.text(),
    };
  };

  it('answers null to a visitor without a session, and no cache may keep it', async () => {
    const answer = await visitor();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ user: null });
    expect(answer.cacheControl).toBe('private, no-store');
    expect(answer.cookies).toEqual([]);
  });

  it('answers the logged-in user as the header shows them, and nothing more of them', async () => {
    const person = await register(t);
    const answer = await visitor(person.cookie);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('private, no-store');
    expect(JSON.parse(answer.text) as TVisitorAnswer).toEqual({
      user: {
        id: person.userId,
        firstName: 'Ana',
        isPhoneVerified: false,
        needsGender: false,
        phone: '+55 (11) 98765-4321',
        emailVerified: false,
        pendingTransfers: 0,
        ongoingPurchase: false,
      },
    });
    // Neither the CPF, the e-mail nor the full name travel.
    const digits = person.input.cpf.replace(/\D/g, '');
    expect(answer.text).not.toContain(digits);
    expect(answer.text).not.toContain(`${digits.slice(0, 3)}.`);
    expect(answer.text).not.toContain(person.input.email);
    expect(answer.text).not.toContain(person.input.name);
  });

  it('renews the session as a page does, and gives an older session its readable hint', async () => {
    const person = await register(t);
    // Two hours left: a page's frame slides it forward.
    const soon = new Date(Date.now() + 2 * 3_600_000);
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, person.userId));
    const renewed = await visitor(person.cookie);
    expect(renewed.status).toBe(200);
    const sid = renewed.cookies.find((c) => /^sid=/.test(c)) ?? '';
    expect(sid).toMatch(/HttpOnly/i);
    const hint = renewed.cookies.find((c) => c.startsWith('signed_in=1')) ?? '';
    expect(hint).not.toBe('');
    expect(hint).not.toMatch(/HttpOnly/i);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 3_600_000);
    // Not due for renewal and without the hint (a session begun before it existed): the hint alone.
    const again = await visitor(person.cookie);
    expect(again.cookies.map((c) => c.split('=')[0])).toEqual(['signed_in']);
    expect((await visitor(`${person.cookie}; signed_in=1`)).cookies).toEqual([]);
  });

  it('logs out a visitor whose session ended: 401, both cookies cleared; a stale hint alone is cleared', async () => {
    const person = await register(t);
    await t.database.db.delete(sessions).where(eq(sessions.userId, person.userId));
    const ended = await visitor(`${person.cookie}; signed_in=1`);
    expect(ended.status).toBe(401);
    expect(ended.cacheControl).toBe('private, no-store');
    const cleared = ended.cookies.map((c) => c.split('=')[0]).sort();
    expect(cleared).toEqual(['sid', 'signed_in']);
    for (const c of ended.cookies) expect(c).toMatch(/Max-Age=0/);
    const stale = await visitor('signed_in=1');
    expect([stale.status, JSON.parse(stale.text)]).toEqual([200, { user: null }]);
    expect(stale.cookies).toEqual([expect.stringMatching(/^signed_in=;.*Max-Age=0/)]);
  });

  it('asks for the gender pop-up while gender is unset, and not for the phone once verified', async () => {
    const person = await register(t);
    await t.database.db
      .update(users)
      .set({ gender: 0, phoneVerifiedAt: new Date() })
      .where(eq(users.id, person.userId));
    const { user } = JSON.parse((await visitor(person.cookie)).text) as TVisitorAnswer;
    expect(user).toMatchObject({ needsGender: true, isPhoneVerified: true });
  });
});
