import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';
import { CONSOLE_BUILD_DIR } from './console-static.ts';

/**
 * Issue 33: the operator's console is served by the same process under /console: every path of
 * the app answers its index.html (never cached, under the pages' CSP, in the visitor's language),
 * its hashed assets are kept a year, and a missing asset is a 404, not the app. Needs the console's
 * build (the API project's global setup builds it with the storefront's when stale).
 */
describe('the console under /console', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers its index.html on every path of the app, not stored, with a CSP that allows only its own scripts', async () => {
    for (const target of ['/console', '/console/pedidos/123', '/console/convite?token=abc']) {
      const response = await t.request(target);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toContain('unsafe-eval');
      const html = await response.text();
      expect(html).toMatch(/<script type="module" crossorigin src="\/console\/assets\/index-[\w-]+\.js">/);
      // No inline script: the CSP's 'self' is all the app needs.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('is in the language the storefront would use (its lang cookie, else Accept-Language)', async () => {
    const english = await t.request('/console', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(await english.text()).toContain('<html lang="en">');
    const chosen = await t.request('/console', {
      headers: { cookie: 'lang=pt-BR', 'accept-language': 'en' },
    });
    expect(await chosen.text()).toContain('<html lang="pt-BR">');
  });

  it('serves its hashed assets for a year, compressed when asked, and refuses a missing one', async () => {
    const script = readdirSync(path.join(CONSOLE_BUILD_DIR, 'assets')).find((name) => name.endsWith('.js'))!;
    const response = await t.request(`/console/assets/${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    const missing = await t.request('/console/assets/index-nothere.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });
});
