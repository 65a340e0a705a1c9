import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { buildWebState, type TWebState } from '../bench/web-state.ts';
import { COOKIE_CONSENT_NAME, formatCookieConsent } from '../packages/domain/src/cookie-consent.ts';
import { launchBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/**
 * Issue 31 item 15: a first visit (no cookie choice yet) to the buyer's pages, on a phone, as the
 * logged-in buyer of `npm run bench:web` (a cart and a paid order). What Lighthouse measured as a
 * slow, jumping page is proven here by the browser's own records, without timing anything: the
 * layout shifts add up to at most 0.1, and the largest paint is of an element the server drew
 * (never one the browser added after hydration, as the cookie banner was). The banner itself is
 * in the server's HTML for a visitor without a choice, and not shown to one with a choice, also
 * from a page kept in the server's page cache.
 */

const FESTIVAL = 'festival-sons-do-cerrado';
const CLS_TARGET = 0.1;
/** The phone Lighthouse's mobile preset emulates (a Moto G Power): its screen, as bench:web measures. */
const PHONE = { ...MOBILE, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

type TPaintRecord = {
  /** Layout shifts without recent input (their sum is what CLS is made of), with what moved. */
  shifts: { value: number; sources: string[] }[];
  /** The last largest-contentful-paint candidate: the page's LCP element. */
  lcp: { element: string; addedAfterHydration: boolean } | null;
};

/**
 * Before any script of the page: observers of layout shifts and largest paints (buffered), and a
 * mutation observer that marks every element added to the document once it is hydrated (the
 * `data-hydrated` mark of root.tsx): a record of order, not of time.
 */
function watchPaints() {
  const added = new Set<Node>();
  let hydrated = false;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') hydrated = true;
      else if (hydrated) for (const node of record.addedNodes) added.add(node);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
  const describe = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? 'nothing');
    const classes = [...node.classList].join('.');
    const text = (node.textContent ?? '').trim().slice(0, 60);
    return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
  };
  const record: TPaintRecord = { shifts: [], lcp: null };
  (window as unknown as { paintRecord: TPaintRecord }).paintRecord = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (!entry.hadRecentInput)
        record.shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => describe(s.node)),
        });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
    if (!last) return;
    let afterHydration = false;
    for (let node: Node | null = last.element ?? null; node; node = node.parentNode)
      if (added.has(node)) afterHydration = true;
    record.lcp = { element: describe(last.element), addedAfterHydration: afterHydration };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const HYDRATION = /hydrat|Minified React error #(418|423|425)|did not match/i;

/** The page as a phone opens it on a first visit, until the banner and the page have settled. */
async function firstVisit(page: Page, url: string): Promise<TPaintRecord> {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(watchPaints);
  await page.goto(url);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Aceitar todos' }).waitFor();
  // Whatever hydration and the after-hydration chunk draw is drawn, and the observers have reported.
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
  // The banner the server drew, hydrated when its chunk came, agrees with it (e2e/hydration.e2e.ts
  // checks the pages of a visitor who chose).
  expect(
    errors.filter((text) => HYDRATION.test(text)),
    `${url}: hydration`,
  ).toEqual([]);
  return page.evaluate(() => (window as unknown as { paintRecord: TPaintRecord }).paintRecord);
}

function expectSteady(record: TPaintRecord, where: string) {
  const total = record.shifts.reduce((sum, shift) => sum + shift.value, 0);
  const moved = record.shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(' + ')}`).join('; ');
  expect(total, `${where}: layout shifts ${moved}`).toBeLessThanOrEqual(CLS_TARGET);
  expect(record.lcp, `${where}: no largest paint recorded`).not.toBeNull();
  expect(
    record.lcp?.addedAfterHydration,
    `${where}: the largest paint is ${record.lcp?.element}, drawn after hydration`,
  ).toBe(false);
}

describe('a first visit to the buyer pages (issue 31 item 15)', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let state: TWebState;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' }),
      launchBrowser(),
    ]);
    state = await buildWebState(server.url, smtp);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('money pages as a logged-in buyer without a cookie choice: CLS <= 0.1, the LCP drawn by the server', async () => {
    const paths = [
      '/carrinho',
      '/identificacao',
      '/pagamento',
      `/pedido/${state.orderId}`,
      '/meus-ingressos',
    ];
    for (const path of paths) {
      const page = await newPage(browser, PHONE, { consentChosen: false });
      await page.context().addCookies(state.buyerCookies);
      expectSteady(await firstVisit(page, `${server.url}${path}`), path);
      await page.context().close();
    }
  });

  it('anonymous pages without a cookie choice: CLS <= 0.1, the LCP drawn by the server', async () => {
    for (const path of ['/login', '/', `/events/${FESTIVAL}`]) {
      const page = await newPage(browser, PHONE, { consentChosen: false });
      expectSteady(await firstVisit(page, `${server.url}${path}`), path);
      await page.context().close();
    }
  });

  it('the banner is drawn by the server for a visitor without a choice, and hidden before paint for one with it, on a cached shared page too', async () => {
    const choice = formatCookieConsent({ analytics: false, marketing: false });
    // Twice each way: the later answers come from the page cache (web/page-cache.ts), whoever asked first.
    for (const chosen of [false, true, true, false]) {
      const where = chosen ? 'with a cookie choice' : 'without a cookie choice';
      const page = await newPage(browser, PHONE, { consentChosen: false });
      if (chosen)
        await page.context().addCookies([{ name: COOKIE_CONSENT_NAME, value: choice, url: server.url }]);
      // The page as it paints before hydration: without its UI strings the page never hydrates
      // (entry.client.tsx), so only the server's HTML and the check in its <head> draw it.
      await page.route('**/assets/messages-*.json', (route) => route.abort());
      await page.goto(`${server.url}/`);
      const banner = page.getByRole('region', { name: 'Sua privacidade' });
      expect(await banner.isVisible(), `${where}, before hydration`).toBe(!chosen);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      await page.unroute('**/assets/messages-*.json');
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => banner.isVisible(), { message: `${where}, after hydration` }).toBe(!chosen);
      await page.context().close();
    }
  });

  it("reserves the footer's drawn size until it is drawn, on the phone Lighthouse emulates and on a desktop", async () => {
    for (const options of [PHONE, { viewport: { width: 1280, height: 900 } }]) {
      const page = await newPage(browser, options, { consentChosen: false });
      // The home page: long enough that the footer starts far below the screen, not drawn yet.
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      const sizes = await page.evaluate(async () => {
        const footer = document.querySelector('footer');
        if (!footer) throw new Error('no footer');
        // Its contents are skipped (content-visibility: auto) until it nears the screen.
        const skipped = !footer.firstElementChild?.checkVisibility({ contentVisibilityAuto: true });
        const reserved = footer.getBoundingClientRect().height;
        footer.scrollIntoView();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return { skipped, reserved, drawn: footer.getBoundingClientRect().height };
      });
      const where = `${options.viewport.width} px: reserved ${sizes.reserved}, drawn ${sizes.drawn}`;
      expect(sizes.skipped, `${where}: the footer was drawn before it neared the screen`).toBe(true);
      expect(Math.abs(sizes.drawn - sizes.reserved), where).toBeLessThanOrEqual(sizes.drawn * 0.03);
      await page.context().close();
    }
  });
});
