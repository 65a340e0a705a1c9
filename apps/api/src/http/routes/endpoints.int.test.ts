import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createSession } from '../../modules/accounts/sessions.ts';
import { uniqueCpf } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

/**
 * The web's endpoint table and the API agree: every call the web can make is mounted (a missing
 * route answers the generic 404 'not_found'; a mounted one answers anything else, 404 included
 * when it is about an unknown id).
 */
describe('the endpoint table', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'local' });
  });
  afterAll(() => t.close());

  it.each(Object.entries(ENDPOINTS))('%s is mounted', async (_name, { method, path }) => {
    const sample: Record<string, string> = { stateId: '35', slug: 'termos-de-uso' };
    const url = path.replace(/:(\w+)/g, (_, key: string) => sample[key] ?? (/id$/i.test(key) ? '1' : 'x'));
    const response = await t.request(url, {
      method,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    expect(
      response.status === 404 && body?.code === 'not_found',
      `${method} ${url}: ${response.status}`,
    ).toBe(false);
  });

  it('answers malformed JSON the same way everywhere: 400 invalid_json, never another code or a 5xx', async () => {
    // A logged-in buyer (made in the database: this app asks a captcha at registration).
    const [user] = await t.database.db
      .insert(users)
      .values({
        name: 'Ana Maria Silva',
        email: 'endpoints@example.com',
        document: uniqueCpf(),
        nationality: 0,
        birthDate: '1990-05-20',
        ddiPhone: '+55',
        phone: '11987654321',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const { token } = await createSession(t.database.db, user!.id, 1);
    const writes = Object.entries(ENDPOINTS).filter(([, e]) => e.method !== 'GET');
    const answers = [];
    for (const [name, { method, path }] of writes) {
      const response = await t.request(path.replace(/:(\w+)/g, 'x'), {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{"broken": ',
      });
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      answers.push({ name, status: response.status, code: body?.code });
    }
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 400 && a.code !== 'invalid_json')).toEqual([]);
    expect(answers.filter((a) => a.code === 'invalid_json').length).toBeGreaterThan(10);
  });
});
