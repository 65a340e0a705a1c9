import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianAdult } from '../apps/api/src/testing/accounts.ts';
import { launchBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { freePort, startServer, type TRunningServer } from './support/server.ts';

const FESTIVAL = 'festival-sons-do-cerrado';
const ADMIN_TOKEN = 'consent-tracking-admin-token-0123456789';
const PIXEL_PATH = '/api/website/SendPixel';
/** Screenshots of the banner for review (set SCREENSHOT_DIR to keep them). */
const SHOTS = process.env.SCREENSHOT_DIR;

type TLayerEntry = { event?: string; ecommerce?: Record<string, unknown> | null };
type TRecorded = {
  eventName: string;
  eventId: string;
  body: { user_data: Record<string, unknown>; custom_data: Record<string, unknown> };
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every request the page makes to SendPixel, and every CSP violation it reports. */
function watch(page: Page) {
  const pixels: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PIXEL_PATH) pixels.push(request.postData() ?? '');
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { pixels, violations };
}

/** The e-commerce events pushed to window.dataLayer so far (the GA4 `{ ecommerce: null }` resets left out). */
const layer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: TLayerEntry[] }).dataLayer ?? []).filter((entry) => entry.event),
  ) as Promise<TLayerEntry[]>;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Sua privacidade' });

/** One Pista — Inteira ticket into the cart from the festival's page. */
async function addTicket(page: Page) {
  await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' });
  await added.waitFor();
  await added.getByRole('button', { name: 'Fechar' }).click();
}

describe('cookie consent, tracking and the remote switches', () => {
  let server: TRunningServer;
  let browser: Browser;
  let widgetHost: Server;
  let widgetOrigin: string;

  beforeAll(async () => {
    // The chat provider: another origin, whose script marks the page when it runs.
    const port = await freePort();
    widgetOrigin = `http://127.0.0.1:${port}`;
    widgetHost = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__chatWidgetLoaded = true;');
    });
    await new Promise<void>((resolve) => widgetHost.listen(port, '127.0.0.1', resolve));
    [server, browser] = await Promise.all([
      startServer({
        ADMIN_TOKEN,
        CAPTCHA_PROVIDER: 'off',
        SITE_FLAGS_REFRESH_MS: '1000',
        CHAT_WIDGET_SCRIPT_URL: `${widgetOrigin}/chat.js`,
      }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => widgetHost?.close(resolve));
  });

  /** A logged-in buyer (phone verified, so no pop-up covers the page) in a fresh context. */
  async function loggedInBuyer(options: BrowserContextOptions = {}) {
    const page = await newPage(browser, options, { consentChosen: false });
    await open(page, server.url);
    const person = brazilianAdult({ email: `Pixel.${Date.now()}@Exemplo.com.br` });
    expect((await page.request.post(`${server.url}/api/registerclient`, { data: person })).status()).toBe(
      201,
    );
    await page.request.post(`${server.url}/api/v3/send-sms-code`, { data: {} });
    const sms = (await (await fetch(`${server.url}/_dev/sms.json`)).json()) as { body: string }[];
    const code = sms[0]!.body.match(/\b\d{6}\b/)![0];
    expect((await page.request.post(`${server.url}/api/v2/match-code`, { data: { code } })).status()).toBe(
      200,
    );
    return { page, person };
  }

  it('tracks nothing before consent; after "Aceitar todos" the GA4 events and the hashed pixel events appear', async () => {
    const { page, person } = await loggedInBuyer();
    const seen = watch(page);
    await open(page, server.url);
    await banner(page).waitFor();
    await page
      .getByRole('link', { name: /Festival Sons do Cerrado/ })
      .first()
      .click();
    await page.waitForURL(`**/events/${FESTIVAL}`);
    await waitForHydration(page);
    await addTicket(page);
    expect(seen.pixels).toEqual([]);
    expect(await layer(page)).toEqual([]);

    // Accepting on the event page counts this page's view from now on.
    await banner(page).getByRole('button', { name: 'Aceitar todos' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(() => layer(page).then((l) => l.map((e) => e.event))).toEqual(['view_item']);
    await addTicket(page);
    await expect
      .poll(() => layer(page).then((l) => l.map((e) => e.event)))
      .toEqual(['view_item', 'add_to_cart']);
    const add = (await layer(page))[1]!;
    expect(add.ecommerce).toEqual({
      currency: 'BRL',
      value: 220,
      items: [
        {
          item_id: expect.stringMatching(/^\d+$/),
          item_name: 'Pista — Inteira',
          item_category: 'Festival Sons do Cerrado',
          price: 220,
          quantity: 1,
        },
      ],
    });

    await page.getByRole('link', { name: 'Ir para o carrinho' }).click();
    await page.waitForURL('**/carrinho');
    await expect.poll(() => layer(page).then((l) => l.at(-1)?.event)).toBe('view_cart');
    const cart = (await layer(page)).at(-1)!;
    expect(cart.ecommerce).toMatchObject({
      currency: 'BRL',
      items: [expect.objectContaining({ quantity: 2, price: 220 })],
    });
    await page.getByLabel(/Quero proteger minha compra/).click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL('**/identificacao');
    const begin = (await layer(page)).find((e) => e.event === 'begin_checkout');
    expect(begin?.ecommerce).toMatchObject({
      currency: 'BRL',
      value: expect.any(Number),
      items: [expect.objectContaining({ item_name: 'Pista — Inteira', quantity: 2 })],
    });

    // The home page's list.
    await open(page, server.url);
    await expect.poll(() => layer(page).then((l) => l.map((e) => e.event))).toEqual(['view_item_list']);
    const list = (await layer(page))[0]!.ecommerce as {
      items: { item_id: string; item_name: string; price: number; quantity: number }[];
    };
    expect(list.items.length).toBeGreaterThan(3);
    expect(list.items[0]).toEqual(
      expect.objectContaining({ item_id: expect.any(String), item_name: expect.any(String), quantity: 1 }),
    );

    // The local recorder holds the pixel events with the buyer's data hashed, never in clear.
    await expect.poll(() => seen.pixels.length).toBeGreaterThanOrEqual(3);
    const recorded = (await (await fetch(`${server.url}/_dev/pixel.json`)).json()) as TRecorded[];
    const names = recorded.map((r) => r.eventName);
    expect(names).toEqual(expect.arrayContaining(['ViewContent', 'AddToCart', 'InitiateCheckout']));
    const email = sha256(person.email.trim().toLowerCase());
    for (const event of recorded) {
      expect(event.body.user_data.em).toEqual([email]);
      expect(event.body.user_data.external_id).toEqual([sha256(person.cpf)]);
      expect(event.body.custom_data.currency).toBe('BRL');
      expect(JSON.stringify(event).toLowerCase()).not.toContain(person.email.toLowerCase());
      expect(JSON.stringify(event)).not.toContain(person.cpf);
    }
    const addPixel = recorded.find((r) => r.eventName === 'AddToCart')!;
    expect(addPixel.body.custom_data).toMatchObject({ value: 220, num_items: 1 });

    // The footer link reopens the choice, with what was chosen; rejecting stops everything.
    await page.getByRole('button', { name: 'Preferências de cookies' }).click();
    await banner(page).waitFor();
    expect(await page.getByLabel(/^Análise/).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Marketing/).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sua privacidade');
    await banner(page).getByRole('button', { name: 'Rejeitar opcionais' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const before = seen.pixels.length;
    await open(page, `${server.url}/events/${FESTIVAL}`);
    await addTicket(page);
    expect(await layer(page)).toEqual([]);
    expect(seen.pixels.length).toBe(before);
  });

  it('keeps tracking off for a visitor who rejects the optional cookies, and the banner does not come back', async () => {
    const page = await newPage(browser, {}, { consentChosen: false });
    const seen = watch(page);
    await open(page, server.url);
    await banner(page).getByRole('button', { name: 'Rejeitar opcionais' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await open(page, `${server.url}/events/${FESTIVAL}`);
    await addTicket(page);
    expect(await banner(page).count()).toBe(0);
    expect(await layer(page)).toEqual([]);
    expect(seen.pixels).toEqual([]);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).toMatch(/\.a0\.m0$/);
  });

  it('lets a person choose categories with the keyboard (Personalizar)', async () => {
    const page = await newPage(browser, {}, { consentChosen: false });
    await open(page, server.url);
    await banner(page).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/consent-banner-1280.png` });
    await banner(page).getByRole('button', { name: 'Personalizar' }).focus();
    await page.keyboard.press('Enter');
    const analytics = page.getByLabel(/^Análise/);
    await analytics.waitFor();
    expect(await page.getByLabel(/^Necessários/).isDisabled()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/consent-preferences-1280.png` });
    await analytics.focus();
    await page.keyboard.press('Space');
    await banner(page).getByRole('button', { name: 'Salvar preferências' }).click();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).toMatch(/\.a1\.m0$/);

    // Issue 31: reopened from the footer by keyboard, it takes focus; saved, focus goes back to the
    // footer's button that opened it (not to the top of the page, nor to the body).
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '(none)');
    await page.getByRole('button', { name: 'Preferências de cookies' }).focus();
    await page.keyboard.press('Enter');
    await banner(page).waitFor();
    await expect.poll(focused).toBe('Sua privacidade');
    expect(await page.getByLabel(/^Análise/).isChecked()).toBe(true);
    await banner(page).getByRole('button', { name: 'Salvar preferências' }).focus();
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    expect(await focused()).toBe('Preferências de cookies');
  });

  it('looks right on a phone', async () => {
    const page = await newPage(browser, MOBILE, { consentChosen: false });
    await open(page, server.url);
    await banner(page).waitFor();
    const box = await banner(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/consent-banner-375.png` });
    await banner(page).getByRole('button', { name: 'Personalizar' }).click();
    await page.getByLabel(/^Marketing/).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/consent-preferences-375.png` });
    // The page's own controls stay reachable above it: the footer's last line scrolls clear.
    await page.getByText(/CNPJ/).first().scrollIntoViewIfNeeded();
    const footerLine = await page.getByText(/CNPJ/).first().boundingBox();
    const again = await banner(page).boundingBox();
    expect(footerLine!.y + footerLine!.height).toBeLessThanOrEqual(again!.y + 1);
  });

  it('loads the chat widget when its switch goes on, without a restart, under the CSP', async () => {
    const page = await newPage(browser, {}, { consentChosen: false });
    const seen = watch(page);
    const first = await page.goto(server.url);
    await waitForHydration(page);
    expect(first!.headers()['content-security-policy']).not.toContain(widgetOrigin);
    expect(await page.locator('script[data-widget="chatWidget"]').count()).toBe(0);
    // Negative control: while the switch is off, the page's CSP blocks the provider's script.
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.src = src;
      document.body.append(script);
    }, `${widgetOrigin}/chat.js`);
    await expect.poll(() => seen.violations.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { __chatWidgetLoaded?: boolean }).__chatWidgetLoaded),
    ).toBeUndefined();
    seen.violations.length = 0;

    const changed = await fetch(`${server.url}/api/admin/site-flags`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ chatWidget: true }),
    });
    expect(changed.status).toBe(200);

    // The next page load (the browser keeps the switches 1 s here) has the script and its origin in the CSP.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const reloaded = await page.reload();
    await waitForHydration(page);
    expect(reloaded!.headers()['content-security-policy']).toContain(widgetOrigin);
    await page.waitForSelector('script[data-widget="chatWidget"]', { state: 'attached', timeout: 15_000 });
    await page.waitForFunction(
      () => (window as unknown as { __chatWidgetLoaded?: boolean }).__chatWidgetLoaded === true,
    );
    expect(seen.violations).toEqual([]);

    // Switched off again: the next page has neither the script nor the origin.
    await fetch(`${server.url}/api/admin/site-flags`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ chatWidget: false }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const off = await page.reload();
    await waitForHydration(page);
    expect(off!.headers()['content-security-policy']).not.toContain(widgetOrigin);
    await page.waitForTimeout(500);
    expect(await page.locator('script[data-widget="chatWidget"]').count()).toBe(0);
    expect(seen.violations).toEqual([]);
  });
});
