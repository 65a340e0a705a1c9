import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { brazilianAdult } from '../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { linkIn, startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { newDataDir } from './support/data-dir.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/**
 * Issue 31 item 10: the hold's warning on /pagamento (commerce §4: 'Sua reserva está terminando'
 * between 180 and 62 s left, and again at 60 s or less), whichever way the buyer came onto the
 * page, with the browser's clock moved forward as an idle buyer's would be (page.clock).
 */

const HOLD = 900;
const ENDING = 'Sua reserva está terminando';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe("the hold's warning on /pagamento", () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  const dataDir = newDataDir('hold-warning');

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    f = await createCartFixture(database.db);
    await database.close();
    smtp = await startTestSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      DEMO_DATA: 'false',
      CART_HOLD_SECONDS: String(HOLD),
    };
    [server, browser] = await Promise.all([startServer(env, dataDir), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A verified buyer whose browser clock is Playwright's, with one ticket in the cart, on /carrinho.
   * `phoneVerified: false` leaves the phone pop-up wanting the screen on every page.
   */
  async function buyerOnCart({ phoneVerified = true } = {}) {
    const page = await newPage(browser);
    await page.clock.install();
    if (phoneVerified) await verifiedPerson(page, server.url, smtp);
    else {
      await open(page, server.url);
      const person = brazilianAdult();
      const registered = await page.request.post(`${server.url}/api/registerclient`, { data: person });
      expect(registered.status()).toBe(201);
      await page.goto(linkIn(await smtp.waitFor(person.email), '/api/v2/confirm-email'));
      await waitForHydration(page);
      // The pop-up covers the event page: the ticket goes in as the page's button would put it.
      const added = await page.request.post(`${server.url}/api/v4/addtocart`, {
        data: { lotId: f.lotId, quantity: 1 },
      });
      expect(added.status()).toBe(200);
      await page.context().addCookies([{ name: 'cart_event', value: f.slug, url: server.url }]);
      return page;
    }
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/carrinho`);
    return page;
  }

  /** The page's own countdown, in seconds. */
  async function secondsShown(page: Page) {
    const text = await page.getByRole('timer').first().textContent();
    const [, m, s] = /(\d\d):(\d\d)/.exec(text ?? '') ?? [];
    return Number(m) * 60 + Number(s);
  }

  /**
   * Renews in the warning. The server renews at its own time, which the idle minutes skipped on
   * the browser's clock never reached: the browser's clock is set back to the real time (the
   * buyer's clock agrees with the server's), and the page must now count a whole new hold.
   */
  async function renewIn(page: Page) {
    const ending = page.getByRole('dialog', { name: ENDING });
    await ending.getByRole('button', { name: 'Renovar o tempo do carrinho' }).click();
    await page.getByText('Tempo do carrinho renovado').first().waitFor();
    await page.clock.setSystemTime(Date.now());
    await expect.poll(() => secondsShown(page), { timeout: 10_000 }).toBeGreaterThan(HOLD - 30);
    await ending.waitFor({ state: 'hidden' });
  }

  /** Moves the clock to `left` seconds before the hold ends, as the page counts them. */
  async function idleUntil(page: Page, left: number) {
    const now = await secondsShown(page);
    await page.clock.fastForward((now - left) * 1000);
    await expect.poll(() => secondsShown(page), { timeout: 10_000 }).toBeLessThanOrEqual(left);
  }

  /**
   * Spec §4 on /pagamento: the warning at 2:45; renewed there, the page counts the new hold (the
   * server's, whatever this browser's clock says), warns again at 0:44 (the final warning), and,
   * renewed once more, at 2:45 of the hold after.
   */
  async function warnsAtEveryThreshold(page: Page) {
    const ending = page.getByRole('dialog', { name: ENDING });
    await idleUntil(page, 165);
    await ending.waitFor({ timeout: 10_000 });
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await renewIn(page);
    await idleUntil(page, 44);
    await ending.waitFor({ timeout: 10_000 });
    await renewIn(page);
    await idleUntil(page, 165);
    await ending.waitFor({ timeout: 10_000 });
  }

  it('after the client-side way from the cart', async () => {
    const page = await buyerOnCart();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/identificacao$/);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/pagamento$/);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await warnsAtEveryThreshold(page);
    await page.context().close();
  });

  it('after a reload of /pagamento', async () => {
    const page = await buyerOnCart();
    await open(page, `${server.url}/pagamento`);
    await page.reload();
    await waitForHydration(page);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await warnsAtEveryThreshold(page);
    await page.context().close();
  });

  it('in a fresh tab', async () => {
    const page = await buyerOnCart();
    const tab = await page.context().newPage();
    await open(tab, `${server.url}/pagamento`);
    await tab.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await warnsAtEveryThreshold(tab);
    await page.context().close();
  });

  it('with the phone pop-up queued at the same time: the warning first, the pop-up after it', async () => {
    const page = await buyerOnCart({ phoneVerified: false });
    const phone = page.getByRole('dialog', { name: 'Valide seu telefone' });
    await open(page, `${server.url}/pagamento`);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await phone.waitFor();
    const ending = page.getByRole('dialog', { name: ENDING });
    await idleUntil(page, 165);
    await ending.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_000);
    expect(await page.locator('dialog[open]').count()).toBe(1);
    expect(await phone.isVisible()).toBe(false);
    await renewIn(page);
    await phone.waitFor();
    expect(await page.locator('dialog[open]').count()).toBe(1);
    // Still waiting on the pop-up, the buyer idles into the final warning: it takes the screen again.
    await idleUntil(page, 44);
    await ending.waitFor({ timeout: 10_000 });
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await page.context().close();
  });
});
