import { rmSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { newDataDir } from './support/data-dir.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/**
 * The header's 'Entrar' link, hidden or not (the side menu's 'Entrar ou cadastrar-se' is another
 * name): hidden by CSS it is still in the page, which `count` tells apart from not rendered.
 */
const entrar = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true, includeHidden: true });

/** The header's greeting of a person registered by `brazilianAdult` (first name only). */
const greeting = (person: { name: string }) => `Olá, ${person.name.split(' ')[0]}`;

/** Logs in through the login form at `path` (a protected page or /login?redirect=…), as a person does. */
async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('E-mail ou CPF').fill(email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** Holds the browser's `GET /api/visitor` until `release()`; `asked` resolves when it was sent. */
async function holdVisitor(page: Page) {
  let asked = (_route: Route) => {};
  const sent = new Promise<Route>((resolve) => {
    asked = resolve;
  });
  await page.route('**/api/visitor', (route) => asked(route));
  return { sent, release: async () => (await sent).continue() };
}

/**
 * Issue 18: a shared page (here an event page) is one kept copy for everybody, rendered for nobody.
 * A logged-in buyer's browser must not show 'Entrar' while the shell asks who it is, then greets
 * them; a buyer whose session ended on the server is sent to log in and comes back to the page.
 */
describe('a shared page for a logged-in buyer', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  const dataDir = newDataDir('shared-visitor');

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    f = await createCartFixture(database.db);
    await database.close();
    smtp = await startTestSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' }, dataDir),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A verified buyer, logged in through the login form of /meus-ingressos in a fresh browser. */
  async function loggedInBuyer() {
    const page = await newPage(browser);
    const person = await verifiedPerson(page, server.url, smtp);
    await page.context().clearCookies();
    await page.goto(`${server.url}/meus-ingressos`);
    await waitForHydration(page);
    await logIn(page, person.email, person.password);
    await page.getByRole('heading', { name: 'Meus ingressos' }).waitFor({ timeout: 15_000 });
    return { page, person };
  }

  it("keeps 'Entrar' hidden while the shell asks who the buyer is, then greets them", async () => {
    const url = `${server.url}/events/${f.slug}`;
    const { page, person } = await loggedInBuyer();
    const visitor = await holdVisitor(page);
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    // The kept copy, rendered for nobody: 'Entrar' in its HTML, no greeting.
    const html = (await response!.text()).replace(/<script[\s\S]*?<\/script>/g, '');
    expect(html).toContain('>Entrar</a>');
    expect(html).not.toContain('Olá,');
    // The page is there at once, its header without 'Entrar' (the head script's mark).
    expect(await page.getByRole('heading', { name: `Show ${f.slug}`, level: 1 }).isVisible()).toBe(true);
    expect(await entrar(page).count()).toBe(1);
    expect(await entrar(page).isVisible()).toBe(false);
    // Still asking: still nothing to log in with.
    await visitor.sent;
    expect(await page.locator('html').getAttribute('data-signed-in')).toBe('');
    expect(await page.getByText(greeting(person)).count()).toBe(0);
    await visitor.release();
    await page.getByText(greeting(person)).waitFor({ timeout: 15_000 });
    expect(await entrar(page).count()).toBe(0);
    expect(await page.locator('html').getAttribute('data-signed-in')).toBeNull();
    await page.context().close();

    // Negative control: the same page for a visitor who is not logged in says 'Entrar' from the start.
    const anonymous = await newPage(browser);
    await anonymous.goto(url, { waitUntil: 'domcontentloaded' });
    expect(await entrar(anonymous).isVisible()).toBe(true);
    await waitForHydration(anonymous);
    expect(await entrar(anonymous).isVisible()).toBe(true);
    await anonymous.context().close();
  });

  /** Shared pages the buyer may be on, and what shows it is there (a query must survive the detour). */
  const shared = [
    {
      name: 'an event page',
      where: () => `/events/${f.slug}`,
      shown: (page: Page) => page.getByRole('heading', { name: `Show ${f.slug}`, level: 1 }),
    },
    {
      name: 'the search results for a query',
      where: () => `/resultados?s=${f.slug}`,
      // The fixture's two events both match the query.
      shown: (page: Page) => page.getByText(`encontrados para “${f.slug}”`),
    },
  ];

  it.each(shared)(
    'sends a buyer whose session ended on the server from $name to log in, and back after',
    async ({ where: path, shown }) => {
      const where = path();
      const { page, person } = await loggedInBuyer();
      // The session ends on the server (as a logout from another tab or a password reset ends it);
      // this browser still holds both cookies.
      const cookies = await page.context().cookies();
      const sid = cookies.find((cookie) => cookie.name === 'sid')!;
      expect(cookies.some((cookie) => cookie.name === 'signed_in')).toBe(true);
      const ended = await fetch(`${server.url}/api/v2/logout`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json', cookie: `sid=${sid.value}` },
        body: '{}',
      });
      expect(ended.status).toBe(200);
      expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('sid');

      await page.goto(`${server.url}${where}`);
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 15_000 })
        .toBe(`/login?redirect=${encodeURIComponent(where)}`);
      const form = page.getByRole('form', { name: 'Entrar' });
      await form.waitFor({ timeout: 15_000 });
      await page.getByText(greeting(person)).waitFor({ state: 'detached' });
      expect(await shown(page).count()).toBe(0);
      // Logged out in this browser too: the ended session's cookie and its hint are gone.
      const left = (await page.context().cookies()).map((cookie) => cookie.name);
      expect(left).not.toContain('sid');
      expect(left).not.toContain('signed_in');

      await logIn(page, person.email, person.password);
      await shown(page).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(where);
      await page.getByText(greeting(person)).waitFor({ timeout: 15_000 });
      expect(await entrar(page).count()).toBe(0);
      await page.context().close();
    },
  );
});
