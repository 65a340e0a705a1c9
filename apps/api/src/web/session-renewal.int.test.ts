import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, webBuildIsStale } from '../../../../scripts/build-web.ts';
import { register } from '../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../testing/test-app.ts';

/**
 * Issue 31 item 13, accounts §4: "If renewing the authentication fails, the user is logged out and
 * sent to /login." A page that needs an account, asked with a session cookie that no longer
 * renews (made up, or ended by a logout elsewhere), answers a redirect to
 * /login?redirect=<the page> and clears the cookie; a visitor who never logged in still gets the
 * login in place.
 */
describe.each(testDatabases())('failed session renewal on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    if (webBuildIsStale()) buildWeb();
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' }, { web: true });
  }, 180_000);
  afterAll(() => t?.close());

  const page = (path: string, cookie?: string) =>
    t.request(path, {
      headers: cookie ? { cookie, 'accept-language': 'pt-BR' } : { 'accept-language': 'pt-BR' },
    });

  /** The cookies a response clears (Max-Age=0), by name. */
  const cleared = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((cookie) => /max-age=0/i.test(cookie))
      .map((cookie) => cookie.split('=')[0]);

  // A token of the right shape nobody issued, and values no token has the shape of (the audit's
  // 'bogus' was answered with the login in place and a 200: the middleware took it for no cookie).
  it.each(['x'.repeat(43), 'bogus', 'abc.def', 'y'.repeat(150)])(
    'sends the session cookie %s on /minha-conta to /login with the page to return to, cleared',
    async (value) => {
      const response = await page('/minha-conta', `sid=${value}; signed_in=1`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?redirect=%2Fminha-conta');
      expect(cleared(response)).toEqual(expect.arrayContaining(['sid', 'signed_in']));
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/public/);
      // The API says the same to an app: 401, the cookie cleared.
      const api = await t.request('/api/v2/authentication', { headers: { cookie: `sid=${value}` } });
      expect(api.status).toBe(401);
      expect(cleared(api)).toContain('sid');
    },
  );

  it('does the same for a session ended elsewhere, on every page that needs an account, query kept', async () => {
    const person = await register(t);
    expect((await page('/minha-conta', person.cookie)).status).toBe(200);
    const out = await t.request('/api/v2/logout', {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json', origin: 'http://localhost' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    for (const path of [
      '/minha-conta',
      '/meus-ingressos?tab=past',
      '/dados-da-conta',
      '/transferencias',
      '/identificacao',
      '/pagamento',
      '/detalhes-do-ingresso/1',
    ]) {
      const response = await page(path, person.cookie);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get('location') ?? '', 'http://localhost');
      expect(location.pathname, path).toBe('/login');
      expect(location.searchParams.get('redirect'), path).toBe(path);
      expect(cleared(response), path).toContain('sid');
    }
  });

  it('still shows the login in place to a visitor who never logged in, and /login itself never loops', async () => {
    const visitor = await page('/minha-conta');
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('Entrar');
    const login = await page('/login?redirect=%2Fminha-conta', `sid=${'x'.repeat(43)}`);
    expect(login.status).toBe(200);
  });
});
