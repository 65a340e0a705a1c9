import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/**
 * Issue 13: every page is right before JavaScript, so hydration never disagrees with the server.
 * The server runs in UTC and the browser in São Paulo (a buyer's real situation), in both
 * languages; a React hydration error (#418/#423/#425 in production builds) on any route fails.
 */
const HYDRATION = /hydrat|Minified React error #(418|423|425)|did not match/i;

const ANONYMOUS_PATHS = [
  '/',
  '/login',
  '/cadastrar',
  '/cadastrar-mobile',
  '/carrinho',
  '/resultados?s=show',
  '/Home/Privacy',
  '/Home/TermsOfUse',
  '/reconhecimento-facial',
  '/meus-ingressos',
  '/transferencias',
  '/home/confirmpasswordreset',
  '/no-such-page/at-all',
];

const BUYER_PATHS = [
  '/',
  '/carrinho',
  '/identificacao',
  '/pagamento',
  '/meus-ingressos',
  '/minha-conta',
  '/dados-da-conta',
  '/transferencias',
  '/transferencia-ingresso',
];

/** Watches `page` for hydration errors; `visit` opens each path and returns those seen there. */
function hydrationWatch(page: Page) {
  let seen: string[] = [];
  let current = '';
  const record = (text: string) => {
    if (HYDRATION.test(text)) seen.push(`${current}: ${text}`);
  };
  page.on('console', (message) => message.type() === 'error' && record(message.text()));
  page.on('pageerror', (error) => record(error.message));
  return async function visit(base: string, paths: string[]): Promise<string[]> {
    seen = [];
    for (const pathname of paths) {
      current = pathname;
      await page.goto(`${base}${pathname}`);
      await waitForHydration(page);
      // Recoverable hydration errors are reported a moment after the commit.
      await page.waitForTimeout(300);
    }
    return seen;
  };
}

describe('no hydration mismatch on any page, in either language, with the server in UTC', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  const saoPaulo: BrowserContextOptions = { timezoneId: 'America/Sao_Paulo' };
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    stage = await openPurchaseStage('hydration', { TZ: 'UTC' });
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  it.each([
    ['pt-BR', 'desktop', {}],
    ['en', 'phone', MOBILE],
  ] as const)('anonymous pages in %s on a %s', async (lang, _device, device) => {
    const page = await newPage(browser, { ...saoPaulo, ...device, locale: lang });
    await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
    const paths = [...ANONYMOUS_PATHS, `/events/${f.slug}`, `/${f.otherSlug}`];
    expect(await hydrationWatch(page)(server.url, paths)).toEqual([]);
  });

  // Issue 18: the first Intl formatter a page builds starts ICU, ~30 ms of a phone's main thread
  // inside hydration. Prices and card dates are written without it, the event's day is read back
  // from the server's HTML; a navigation in the page, which has no such HTML, formats it.
  it("hydrates home and event pages without starting Intl, and a navigation writes the event's day as the server did", async () => {
    const page = await newPage(browser, saoPaulo);
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
    const intlBuilt = () => page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt);
    const when = page.locator('main time[id^="quando-"]');
    for (const path of ['/', `/events/${f.slug}`]) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(await intlBuilt(), path).toEqual([]);
    }
    const served = await when.textContent();
    expect(served).toMatch(/^\S+-feira, \d+ de \S+ de \d{4} às \d\d:\d\d$|^(sábado|domingo), /);

    await page.goto(server.url);
    await waitForHydration(page);
    await page.locator(`main a[href="/events/${f.slug}"]`).first().click();
    await page.waitForURL(`${server.url}/events/${f.slug}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await when.textContent()).toBe(served);
    expect(await intlBuilt()).toContain('DateTimeFormat');
  });

  it('a buyer with a pending Pix, in both languages', async () => {
    const page = await newPage(browser, saoPaulo);
    await verifiedPerson(page, server.url, smtp);
    await page.goto(`${server.url}/events/${f.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await page.goto(`${server.url}/pagamento`);
    await waitForHydration(page);
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('button', { name: /^Gerar Pix/ }).click();
    await page.getByRole('img', { name: 'QR code do Pix' }).waitFor({ timeout: 15_000 });

    const visit = hydrationWatch(page);
    expect(await visit(server.url, BUYER_PATHS)).toEqual([]);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    expect(await visit(server.url, BUYER_PATHS)).toEqual([]);
  });
});
