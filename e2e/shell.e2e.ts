import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

let server: TRunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const STATIC_PATHS = [
  '/termos-de-consentimento-para-produtores',
  '/politicas-de-privacidade',
  '/direitos-dos-titulares',
  '/ingresso-reembolsavel',
  '/termos-de-uso',
  '/termos-de-transferencia',
  '/institucional',
  '/acessibilidade-pcd',
  '/meia-entrada',
  '/compliance',
  '/documentos-legais',
  '/termodecessao',
  '/whatsapp',
  '/manual-da-marca',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Once hydrated, follows the header's links to the home page and to log in without a reload: the
 * new pages' words and titles come from the language's file the page fetched.
 */
async function followInPage(page: Page, logo: RegExp, heading: string, login: string) {
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.locator('header').getByRole('link', { name: logo }).click();
  await page.waitForURL(`${server.url}/`);
  await expect.poll(() => page.locator('main h1').textContent()).toBe(heading);
  await page.locator('header').getByRole('link', { name: login, exact: true }).click();
  await page.waitForURL(`${server.url}/login`);
  await expect.poll(() => page.title()).toBe(`${login} | Bilheto`);
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
}

describe('the app shell', () => {
  it('is in the HTML the server sends, footer included, before any script runs', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR"');
    for (const heading of [
      'Segurança',
      'Institucional',
      'Precisa de ajuda?',
      'É produtor?',
      'Faça o download do nosso aplicativo!',
    ]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain(`© ${new Date().getFullYear()} Bilheto Tecnologia em Ingressos Ltda.`);
    expect(html).toContain('12.345.678/0001-95');
    expect(html).toContain('Tire suas dúvidas');
  });

  it('follows every footer link to a page that answers', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    const links = await page.locator('footer a').evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: (a as HTMLAnchorElement).href,
        target: (a as HTMLAnchorElement).target,
      })),
    );
    const internal = links.filter((link) => link.href.startsWith(server.url));
    const external = links.filter((link) => !link.href.startsWith(server.url));
    expect(internal.length).toBeGreaterThanOrEqual(8);
    // Outside sites open in a new tab, and so does /institucional, as the spec asks.
    for (const link of external) expect(link.target, link.href).toBe('_blank');
    expect(internal.find((link) => link.href.endsWith('/institucional'))?.target).toBe('_blank');

    for (const link of internal) {
      await page.goto(server.url);
      const anchor = page.locator(`footer a[href="${new URL(link.href).pathname}"]`).first();
      if (link.target === '_blank') {
        const [popup] = await Promise.all([page.context().waitForEvent('page'), anchor.click()]);
        await popup.waitForLoadState();
        expect(await popup.locator('h1').textContent(), link.href).toBeTruthy();
        await popup.close();
      } else {
        await anchor.click();
        await page.waitForURL(link.href);
        const title = await page.locator('main h1').textContent();
        expect(title, link.href).toBeTruthy();
        expect(title).not.toContain('Página não encontrada');
      }
    }
    await page.context().close();
  });

  it('switches to English and back, and remembers the choice', async () => {
    const page = await newPage(browser);
    // Issue 18: the UI strings come from one file per language, preloaded by the page and fetched
    // once (the preload reused, not a second download), not inside the page's data.
    const messageFiles: string[] = [];
    const preloadWarnings: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/messages-/.test(request.url())) messageFiles.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    await page.goto(`${server.url}/termos-de-uso`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Termos de Uso');
    await page.locator('header').getByRole('link', { name: 'EN', exact: true }).click();
    // The link comes back to this same address: wait for the new document, not for the URL.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    expect(page.url()).toBe(`${server.url}/termos-de-uso`);
    expect(await page.locator('main h1').textContent()).toMatch(/Terms of Use/i);
    expect(await page.locator('footer').textContent()).toContain('Need help?');
    // After hydration a link is followed in the page (no reload), and the new page speaks English.
    await followInPage(page, /home page/, 'Tickets for concerts, theatre, festivals and more', 'Log in');
    await page.goto(`${server.url}/termos-de-uso`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('header').getByRole('link', { name: 'PT', exact: true }).click();
    // The link comes back to this same address: wait for the new document, not for the URL.
    await page.locator('html[lang="pt-BR"]').waitFor({ state: 'attached' });
    expect(page.url()).toBe(`${server.url}/termos-de-uso`);
    expect(await page.locator('footer').textContent()).toContain('Precisa de ajuda?');
    await followInPage(
      page,
      /página inicial/,
      'Ingressos para shows, teatro, festivais e muito mais',
      'Entrar',
    );
    // Each page load fetched its language's file once (pt-BR, en, en, pt-BR), none for the
    // navigations in the page.
    expect(messageFiles.map((file) => /messages-([\w-]+)-/.exec(file)?.[1])).toEqual([
      'pt-BR',
      'en',
      'en',
      'pt-BR',
    ]);
    expect(preloadWarnings).toEqual([]);
    await page.context().close();
  });

  it('hydrates after two failed fetches of the language file; after three the page stays as sent', async () => {
    /** A page whose first `failures` requests for the language file fail (a network blip). */
    const visit = async (failures: number) => {
      const page = await newPage(browser);
      const tries: string[] = [];
      await page.route('**/assets/messages-*.json', (route) => {
        tries.push(route.request().url());
        return tries.length <= failures ? route.abort('connectionreset') : route.continue();
      });
      await page.goto(`${server.url}/termos-de-uso`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Termos de Uso');
      return { page, tries };
    };
    const blip = await visit(2);
    await waitForHydration(blip.page);
    expect(blip.tries).toHaveLength(3);
    await blip.page.context().close();
    // Down for good: three tries (0.3 s and 0.6 s apart), then the server's HTML, readable, unhydrated.
    const down = await visit(Number.POSITIVE_INFINITY);
    await expect.poll(() => down.tries.length, { timeout: 10_000 }).toBe(3);
    await down.page.waitForTimeout(2_000);
    expect(down.tries).toHaveLength(3);
    expect(await down.page.locator('html').getAttribute('data-hydrated')).toBeNull();
    expect(await down.page.locator('footer').textContent()).toContain('Precisa de ajuda?');
    await down.page.context().close();
  });

  it('follows Accept-Language on a first visit', async () => {
    const page = await newPage(browser, { locale: 'en-US' });
    await page.goto(server.url);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.context().close();
  });

  it('opens the side menu at 375 px and closes it with a swipe right', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(server.url);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Meu carrinho' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: /Ajuda/ }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: /Cadastre seu evento/ }).isVisible()).toBe(true);

    const box = (await menu.boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 20, y }] });
    for (const dx of [40, 80, 120, 160]) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: box.x + 20 + dx, y: y + 4 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('keeps the side menu open on a vertical scroll gesture, and closes it with Escape', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(server.url);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: box.x + 40, y: 200 }],
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: box.x + 50, y: 500 }],
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows both validationEmail messages on any page', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/?validationEmail=true`);
    expect(
      await page.getByRole('status').filter({ hasText: 'E-mail validado com sucesso.' }).isVisible(),
    ).toBe(true);
    await page.goto(`${server.url}/meia-entrada?validationEmail=false`);
    expect(await page.getByRole('alert').filter({ hasText: 'Falha ao validar e-mail.' }).isVisible()).toBe(
      true,
    );
    await page.context().close();
  });

  it('answers 404 with a page that leads home for a path that is no route and no event', async () => {
    for (const path of ['/nao-existe-este-evento', '/a/b/c']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
    }
    const page = await newPage(browser);
    await page.goto(`${server.url}/a/b/c`);
    expect(await page.locator('main h1').textContent()).toBe('Página não encontrada');
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('resolves every route of the route table, the /Home aliases included', async () => {
    const paths = [
      '/',
      '/meus-ingressos',
      '/Home/MyShops',
      '/minha-conta',
      '/dados-da-conta',
      '/pagamento',
      '/identificacao',
      '/detalhes-do-ingresso/1',
      '/transferencia-ingresso',
      '/transferencias',
      '/login',
      '/cadastrar',
      '/cadastrar-mobile',
      '/resultados?s=samba',
      '/carrinho',
      '/reconhecimento-facial',
      '/Home/Privacy',
      '/Home/TermsOfUse',
      '/Home/TermsOfTransfer',
      '/home/confirmpasswordreset',
      '/home/PrintTickets',
      '/whatsapp-mobile',
      ...STATIC_PATHS,
    ];
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('</footer>');
    }
    // The commissioner-site ticket pages outside commissioner mode: 'Comissário não encontrado', in the shell.
    for (const path of ['/Home/WebsiteTickets', '/Home/Website/1']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('Comissário não encontrado');
      expect(html, path).toContain('</footer>');
    }
    // The mobile app's web view pages: no shell around them (the app has its own).
    for (const path of ['/mpexport', '/checkout_status']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain('</footer>');
    }
  });

  // One test per page, each with its own time: together the dozen axe scans once outlasted three minutes on a
  // loaded 2-core machine (18 s alone on an idle one).
  it.each(['/', ...STATIC_PATHS])(
    'has no serious or critical accessibility violation on %s',
    async (path) => {
      const page = await newPage(browser);
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.context().close();
    },
  );

  it('has no serious or critical accessibility violation on the home page on a phone', async () => {
    const mobile = await newPage(browser, MOBILE);
    await mobile.goto(server.url);
    expect(await seriousViolations(mobile)).toEqual([]);
    await mobile.context().close();
  });
});
