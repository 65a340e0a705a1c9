import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianAdult, PASSWORD } from '../apps/api/src/testing/accounts.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/** A host that can never resolve; Chromium is also told so, so not even a DNS query leaves the machine. */
const EVIL = 'evil.invalid';

/**
 * Issue 12 #2, in a real browser: every `redirect` a stranger can put in a link to us (a tab or a
 * newline that browsers drop, a backslash they read as a slash, a scheme-relative or scheme-only
 * URL, slashes escaped once) ends on our own origin, on the language switch and on the login page
 * of a logged-in visitor, while a redirect to one of our own pages still works.
 * Checked by reverting the defence once: with safeRedirect reduced to `target.startsWith('/')`
 * (and the web rebuilt), '/%09/evil.invalid' already lands on Chromium's error page for
 * evil.invalid in both tests, which then fail.
 */
const HOSTILE = [
  `/%09/${EVIL}`,
  `/%0A/${EVIL}`,
  `/%0D%0A/${EVIL}`,
  `//${EVIL}`,
  `///${EVIL}`,
  `/%5C${EVIL}`,
  `/%5C/${EVIL}`,
  `%5C%5C${EVIL}`,
  `/%2F${EVIL}`,
  `https:${EVIL}`,
  `https://${EVIL}/meus-ingressos`,
  `%2F%2F${EVIL}`,
  `/%09%09/${EVIL}/meus-ingressos`,
  `javascript:alert(1)`,
];

describe('open redirects', () => {
  let browser: Browser;
  let server: TRunningServer;

  beforeAll(async () => {
    server = await startServer({ CAPTCHA_PROVIDER: 'off' });
    browser = await launchBrowser([`--host-resolver-rules=MAP ${EVIL} ~NOTFOUND, MAP *.${EVIL} ~NOTFOUND`]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Follows a link as a visitor would and answers where the browser ended up. */
  async function land(page: Page, path: string): Promise<URL> {
    // Landing on evil.invalid makes goto fail (the host cannot resolve): the URL still tells where.
    await page.goto(`${server.url}${path}`).catch(() => undefined);
    await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    return new URL(page.url());
  }

  it('the language switch never sends a visitor to another host, and still returns to our pages', async () => {
    const page = await newPage(browser);
    const ours = new URL(server.url);
    for (const target of HOSTILE) {
      const url = await land(page, `/idioma?lang=en&redirect=${target}`);
      expect(url.host, target).toBe(ours.host);
      expect(url.protocol, target).toBe(ours.protocol);
    }
    const good = await land(page, '/idioma?lang=en&redirect=/meus-ingressos');
    expect(good.host).toBe(ours.host);
    expect(good.pathname).toBe('/meus-ingressos');
    // The switch did its own job as well: the page is now in English.
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.context().close();
  });

  it('logging in, or arriving at /login already logged in, never leaves our origin', async () => {
    const page = await newPage(browser);
    const ours = new URL(server.url);
    const person = brazilianAdult();

    // A person who follows a poisoned login link and logs in through the form, as people do.
    const registered = await page.request.post(`${server.url}/api/registerclient`, { data: person });
    expect(registered.status()).toBe(201);
    await page.request.post(`${server.url}/api/v2/logout`, { data: {} });
    await page.goto(`${server.url}/login?redirect=//${EVIL}`);
    await waitForHydration(page);
    await page.getByLabel('E-mail ou CPF').first().fill(person.email);
    await page.getByLabel('Senha', { exact: true }).first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).first().click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).not.toContain('/login');
    expect(new URL(page.url()).host).toBe(ours.host);

    // Now logged in: /login sends the visitor straight on, to our pages only.
    for (const target of HOSTILE) {
      const url = await land(page, `/login?redirect=${target}`);
      expect(url.host, target).toBe(ours.host);
      expect(url.protocol, target).toBe(ours.protocol);
    }
    const good = await land(page, '/login?redirect=/meus-ingressos');
    expect(good.host).toBe(ours.host);
    expect(good.pathname).toBe('/meus-ingressos');
    await page.context().close();
  });
});
