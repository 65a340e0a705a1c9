import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianAdult, register } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** Every account call with a valid-looking body: the starting point for each kind of damage. */
const CALLS: { path: string; body: Record<string, unknown> }[] = [
  { path: '/api/v2/websiteuserlogin', body: { email: 'ana@exemplo.com', password: 'Segura#2026' } },
  { path: '/api/registerclient', body: { ...brazilianAdult() } },
  {
    path: '/api/v2/webiste/sendResetPasswordEmail',
    body: { identifier: 'ana@exemplo.com', identifierType: 0 },
  },
  {
    path: '/api/website/NewResetPassword',
    body: { id: '00000000-0000-4000-8000-000000000000', code: 'a'.repeat(43), password: 'Nova#Senha2026' },
  },
  { path: '/api/v3/send-sms-code', body: {} },
  { path: '/api/v2/match-code', body: { code: '123456' } },
  { path: '/api/website/updatemyaccount', body: { Id: '00000000-0000-4000-8000-000000000000', gender: 1 } },
  { path: '/api/newunsubscribe', body: { userId: '00000000-0000-4000-8000-000000000000' } },
  { path: '/api/createUserNotification', body: {} },
  { path: '/api/v2/logout', body: {} },
  { path: '/api/captcha/local', body: {} },
];

const WRONG_VALUES: unknown[] = [
  123,
  -1.5,
  true,
  null,
  [],
  {},
  ['x'],
  { $ne: '' },
  'x'.repeat(10_000),
  '\u0000<script>',
];
const WRONG_BODIES = ['not json{', '[]', 'null', '42', '"text"', '{}', '{"a":', ''];

describe.each(testDatabases())('bad input on every account call on %s', (kind) => {
  let t: TTestApp;
  let cookie: string;
  const serverErrors: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    ({ cookie } = await register(t));
  });
  afterAll(() => t.close());

  async function send(path: string, body: string, label: string) {
    const response = await t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
    });
    const text = await response.text();
    if (response.status >= 500) serverErrors.push(`${label}: ${response.status} ${text.slice(0, 120)}`);
    return { status: response.status, text };
  }

  it.each(CALLS)(
    '$path answers malformed bodies, wrong types, missing fields and long strings with a 4xx or a 2xx, never a 500',
    async ({ path, body }) => {
      const bad: { label: string; status: number; text: string }[] = [];
      for (const raw of WRONG_BODIES)
        bad.push({ label: `body ${raw}`, ...(await send(path, raw, `${path} ${raw}`)) });
      for (const key of Object.keys(body)) {
        for (const value of WRONG_VALUES) {
          const label = `${key}=${JSON.stringify(value).slice(0, 20)}`;
          bad.push({
            label,
            ...(await send(path, JSON.stringify({ ...body, [key]: value }), `${path} ${label}`)),
          });
        }
        const { [key]: _dropped, ...missing } = body;
        bad.push({
          label: `without ${key}`,
          ...(await send(path, JSON.stringify(missing), `${path} without ${key}`)),
        });
      }
      expect(serverErrors).toEqual([]);
      for (const answer of bad) {
        expect(answer.status, answer.label).toBeLessThan(500);
        // Calls that need no body (send-sms-code, logout...) may succeed; every refusal says why.
        if (answer.status >= 400 && answer.status !== 429) {
          const parsed = JSON.parse(answer.text) as { Message?: unknown };
          expect(typeof parsed.Message, answer.label).toBe('string');
          expect(String(parsed.Message).length, answer.label).toBeGreaterThan(0);
        }
      }
      // The fields that carry data are checked: a wrong type there is never accepted.
      const dataKeys = Object.keys(body);
      if (dataKeys.length > 0) {
        // (null is no wrong type for a field whose valid value is null, as an adult's responsibleCPF:
        // before issue 31 the registration's per-IP limit answered that request 429 and hid it.)
        const typed = bad.filter((answer) => {
          const match = /^(\w+)=(123|true|null|\[\]|\{\})$/.exec(answer.label);
          return (
            match !== null && !(match[2] === 'null' && (body as Record<string, unknown>)[match[1]!] === null)
          );
        });
        expect(typed.filter((answer) => answer.status < 400).map((a) => a.label)).toEqual([]);
      }
    },
  );

  it('refuses a 100 KB body on every call with 413 and a message', async () => {
    for (const { path, body } of CALLS) {
      const big = JSON.stringify({ ...body, [Object.keys(body)[0] ?? 'x']: 'x'.repeat(100 * 1024) });
      const answer = await send(path, big, `${path} 100KB`);
      expect(answer.status, path).toBe(413);
      expect(JSON.parse(answer.text), path).toMatchObject({
        code: 'payload_too_large',
        Message: expect.any(String),
      });
    }
  });

  it('answers bad query strings and path parameters with a 4xx', async () => {
    for (const path of [
      `/api/utils/validateEmail?email=${'x'.repeat(100 * 1024)}`,
      '/api/utils/validateEmail',
      '/api/utils/validateEmail?email=nao-e-email',
      '/api/addresses/cities/%00',
      `/api/addresses/cities/${'9'.repeat(5000)}`,
      `/api/v1/localidades/estados/${'x'.repeat(5000)}/municipios`,
      '/api/addresses/postal-code/abc',
    ]) {
      const response = await t.request(path, { headers: { cookie } });
      expect(response.status, path.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.status, path.slice(0, 60)).toBeLessThan(500);
      expect(((await response.json()) as { Message: string }).Message).toEqual(expect.any(String));
    }
    const badLink = await t.request(`/api/v2/confirm-email?token=${'x'.repeat(100 * 1024)}`);
    expect(badLink.headers.get('location')).toBe('/?validationEmail=false');
    const badBearer = await t.request('/api/v2/authentication', {
      headers: { authorization: `Bearer ${'x'.repeat(10_000)}` },
    });
    expect(badBearer.status).toBe(401);
  });
});
