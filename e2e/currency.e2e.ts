import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/**
 * commerce §1: "A currency switch exists between BRL and USD; symbols R$ and U$". A visitor picks
 * U$ in the header; the home's cards, the event page and the cart show dollars at the configured
 * rate (R$ 5,00 here: the fixture's R$ 100,00 ticket is U$ 20,00) with the rate's day and the note
 * that the charge is in reais; the choice survives a reload; R$ brings the reais back.
 */
const NBSP = '\u00a0';
const CHARGED_NOTE = 'Valores em U$ aproximados; a cobrança é feita em R$.';
const RATE_DAY = 'Cotação de 27/11/2026';

/** React's hydration errors (production builds print #418/#423/#425): a converted price drawn differently. */
const HYDRATION = /hydrat|Minified React error #(418|423|425)|did not match/i;

function hydrationErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) seen.push(error.message);
  });
  return seen;
}

/** axe's serious and critical findings: the switch and the notes must not add any. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The header's currency switch (on a phone: inside the menu). */
const currencyLink = (page: Page, name: 'Dólar (U$)' | 'Real (R$)') =>
  page.getByRole('navigation', { name: 'Moeda' }).getByRole('link', { name });

/**
 * Follows a switch link: the page comes back at the same address, so it waits for the new document
 * (the chosen currency marked current), then for its hydration.
 */
async function choose(page: Page, name: 'Dólar (U$)' | 'Real (R$)') {
  await currencyLink(page, name).click();
  await expect
    .poll(() => currencyLink(page, name).getAttribute('aria-current'), { timeout: 15_000 })
    .toBe('true');
  await waitForHydration(page);
}

describe('the currency switch', () => {
  let stage: TPurchaseStage | undefined;
  let browser: Browser;
  let server: TRunningServer;
  let f: TCartFixture;

  beforeAll(async () => {
    stage = await openPurchaseStage('currency', {
      EXCHANGE_RATE_USD_BRL: '5',
      EXCHANGE_RATE_DATE: '2026-11-27',
    });
    ({ browser, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  it('switches to U$ in the header: home, event page and cart in dollars, the choice kept on reload, then back to R$', async () => {
    const page = await newPage(browser);
    const mismatches = hydrationErrors(page);
    await page.goto(server.url);
    await waitForHydration(page);
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain(`A partir de R$${NBSP}100,00`);
    expect(await page.locator('[data-conversion-note]').count()).toBe(0);

    await choose(page, 'Dólar (U$)');
    expect(page.url()).toBe(`${server.url}/`);
    const home = (await main.textContent()) ?? '';
    expect(home).toContain(`A partir de U$${NBSP}20,00`);
    expect(home).not.toContain(`R$${NBSP}100,00`);
    expect(home).toContain(CHARGED_NOTE);
    expect(home).toContain(RATE_DAY);

    await page.locator(`main a[href="/events/${f.slug}"]`).first().click();
    await page.waitForURL(`${server.url}/events/${f.slug}`);
    // The home has a heading too: wait for the event's own.
    await page.getByRole('heading', { level: 1, name: `Show ${f.slug}` }).waitFor();
    const event = (await main.textContent()) ?? '';
    expect(event).toContain(`U$${NBSP}20,00`);
    expect(event).toContain(`+ U$${NBSP}2,00 de taxa`);
    expect(event).toContain(CHARGED_NOTE);
    expect(event).toContain(RATE_DAY);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    expect(await main.textContent()).toContain(`Total: U$${NBSP}22,00`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await page.goto(`${server.url}/carrinho`);
    await waitForHydration(page);
    const totals = page.getByRole('complementary', { name: 'Resumo' });
    await totals.waitFor();
    const cartText = (await totals.textContent()) ?? '';
    expect(cartText).toContain(`U$${NBSP}20,00`);
    expect(cartText).toMatch(/Total\s*U\$\u00a0\d+,\d\d/);
    expect(cartText).toContain(CHARGED_NOTE);
    expect(cartText).toMatch(/Valor cobrado: R\$\u00a0\d+,\d\d/);
    expect(cartText).toContain(RATE_DAY);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await waitForHydration(page);
    await totals.waitFor();
    expect(await currencyLink(page, 'Dólar (U$)').getAttribute('aria-current')).toBe('true');
    expect(await totals.textContent()).toContain(CHARGED_NOTE);

    await choose(page, 'Real (R$)');
    expect(page.url()).toBe(`${server.url}/carrinho`);
    const back = (await totals.textContent()) ?? '';
    expect(back).toContain(`R$${NBSP}100,00`);
    expect(back).not.toContain('U$');
    expect(await page.locator('[data-conversion-note]').count()).toBe(0);
    expect(mismatches).toEqual([]);
    await page.context().close();
    // Two axe scans beside the journeys of a full run outlast the default minute.
  }, 180_000);

  it('on a 375 px phone the switch is in the menu, and USD pages hydrate without building an Intl formatter', async () => {
    const page = await newPage(browser, MOBILE);
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { intlBuilt: built });
      for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
        const original = Intl[name];
        const counted = new Proxy(original, {
          construct(target, args) {
            built.push(name);
            return Reflect.construct(target, args);
          },
        });
        Object.assign(Intl, { [name]: counted });
      }
    });
    await page.goto(`${server.url}/events/${f.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await currencyLink(page, 'Dólar (U$)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await currencyLink(page, 'Dólar (U$)').click();
    await expect
      .poll(() => page.locator('main').textContent(), { timeout: 15_000 })
      .toContain(`U$${NBSP}20,00`);
    await waitForHydration(page);
    await page.waitForTimeout(300);
    const event = (await page.locator('main').textContent()) ?? '';
    expect(event).toContain(`U$${NBSP}20,00`);
    expect(event).toContain(CHARGED_NOTE);
    expect(await page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
