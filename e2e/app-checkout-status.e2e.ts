import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type TAppBridgeMessage, ZAppBridgeMessage } from '@ingressos/contracts/app-bridge';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { expectNoCardData, recordBodiesToUs } from './support/card-data.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const NOT_AUTHORIZED =
  'Seu pagamento não foi autorizado, por favor, tente novamente. Recomendamos que tente com outro cartão ou por outro meio de pagamento.';
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * commerce §2 /checkout_status and /mpexport: the mobile app's web view pays a checkout session
 * with the gateway's card form and posts each outcome to the native app, through a stand-in of
 * react-native-webview's bridge (window.ReactNativeWebView) or, without it, to the parent frame.
 */
describe('the mobile app payment pages', () => {
  let stage: TPurchaseStage;
  const pages: string[][] = [];

  beforeAll(async () => {
    stage = await openPurchaseStage('app-checkout');
  });
  afterAll(() => closePurchaseStage(stage));

  /** What the native app does before opening the web view: a verified buyer, a cart, a checkout session. */
  async function checkoutSession(quantity = 1) {
    const page = await newPage(stage.browser);
    await verifiedPerson(page, stage.server.url, stage.smtp);
    const added = await page.request.post(`${stage.server.url}/api/v4/addtocart`, {
      data: { lotId: stage.f.lotId, quantity },
    });
    expect(added.status()).toBe(200);
    const { sessionID } = (await added.json()) as { sessionID: string };
    const issued = await page.request.post(`${stage.server.url}/api/checkout/app-session`, {
      headers: { 'x-session-id': sessionID },
      data: { identificationTickets: [] },
    });
    expect(issued.status()).toBe(200);
    const body = (await issued.json()) as { checkoutSession: string; url: string };
    await page.close();
    return body;
  }

  /** A fresh web view (no cookie of the buyer) with a stand-in of the native bridge that records each message. */
  async function webView(options = MOBILE) {
    const page = await newPage(stage.browser, options);
    pages.push(recordBodiesToUs(page, stage.server));
    await page.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { __sent: string[] }).__sent = sent;
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
        postMessage: (text: string) => sent.push(text),
      };
    });
    return page;
  }

  const messages = async (page: Page): Promise<TAppBridgeMessage[]> => {
    const sent = await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent);
    // Each is one JSON string the native side parses, of the shape packages/contracts documents.
    return sent.map((text) => ZAppBridgeMessage.parse(JSON.parse(text)));
  };

  async function fillCard(scope: Page | ReturnType<Page['frameLocator']>, number: string) {
    await scope.getByLabel('Número do cartão').fill(number);
    await scope.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await scope.getByLabel('Validade (MM/AA)').fill('12/39');
    await scope.getByLabel('Código de segurança (CVV)').fill('123');
  }

  const shoot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  it('posts the approved result to the native app', async () => {
    const session = await checkoutSession(2);
    const page = await webView();
    await page.goto(`${stage.server.url}${session.url}`);
    await waitForHydration(page);
    // No shell around it: the app has its own.
    expect(await page.locator('header nav, footer').count()).toBe(0);
    await page.getByText('ingressos: 2').waitFor();
    await page.getByRole('heading', { name: 'Pague com cartão de crédito' }).waitFor();
    await shoot(page, 'checkout-status-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'checkout-status-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    await shoot(page, 'checkout-status-approved');
    const sent = await messages(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      source: 'bilheto-checkout',
      version: 1,
      type: 'PAYMENT_RESULT',
      result: 'approved',
      status: 'approved',
      transactionStatus: 'success',
      orderStatus: 3,
      installments: 1,
    });

    // The same session again: the cart is paid, so the app is told to start over.
    const again = await webView();
    await again.goto(`${stage.server.url}${session.url}`);
    await waitForHydration(again);
    await again.getByRole('heading', { name: 'Não foi possível continuar este pagamento' }).waitFor();
    expect(await messages(again)).toEqual([
      {
        source: 'bilheto-checkout',
        version: 1,
        type: 'RESTART',
        reason: 'order_unpayable',
        message: 'Seu carrinho está vazio.',
      },
    ]);
  });

  it('posts a declined result, keeps the form for another card, then the approval', async () => {
    const session = await checkoutSession(1);
    const page = await webView();
    await page.goto(`${stage.server.url}${session.url}`);
    await waitForHydration(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await page.getByRole('alert').filter({ hasText: NOT_AUTHORIZED }).waitFor();
    await shoot(page, 'checkout-status-declined');
    const declined = await messages(page);
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({
      type: 'PAYMENT_RESULT',
      result: 'declined',
      status: 'rejected',
      transactionStatus: 'error',
      orderStatus: 7,
      message: NOT_AUTHORIZED,
    });
    await fillCard(page, '5031 4332 1540 6351');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    const both = await messages(page);
    expect(both.map((m) => (m.type === 'PAYMENT_RESULT' ? m.result : m.type))).toEqual([
      'declined',
      'approved',
    ]);
    // A new order for the second card: the refused one ended.
    const [first, second] = both as Extract<TAppBridgeMessage, { type: 'PAYMENT_RESULT' }>[];
    expect(second!.orderId).not.toBe(first!.orderId);
  });

  it('posts RESTART for a token that is not ours, and for none at all', async () => {
    const page = await webView();
    await page.goto(`${stage.server.url}/checkout_status?checkoutSession=${'A'.repeat(80)}`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Não foi possível continuar este pagamento' }).waitFor();
    await page.getByText('Sessão de pagamento inválida. Volte ao aplicativo e tente novamente.').waitFor();
    await shoot(page, 'checkout-status-restart');
    expect(await messages(page)).toEqual([
      {
        source: 'bilheto-checkout',
        version: 1,
        type: 'RESTART',
        reason: 'session_invalid',
        message: 'Sessão de pagamento inválida. Volte ao aplicativo e tente novamente.',
      },
    ]);
    await page.goto(`${stage.server.url}/checkout_status`);
    await waitForHydration(page);
    const none = await messages(page);
    expect(none).toHaveLength(1);
    expect(none[0]).toMatchObject({ type: 'RESTART', reason: 'session_invalid' });
  });

  it('without the native bridge, posts to the parent frame, for our origin only', async () => {
    const session = await checkoutSession(1);
    const page = await newPage(stage.browser);
    pages.push(recordBodiesToUs(page, stage.server));
    // A page of our origin that frames /checkout_status, as an embedding app's web view would.
    const host = `${stage.server.url}/__test/app-frame`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>frame</title><script>
          window.__received = [];
          addEventListener('message', (e) => window.__received.push({ origin: e.origin, data: e.data }));
        </script><iframe title="pagamento" src="${session.url}" style="width:375px;height:900px"></iframe>`,
      }),
    );
    await page.goto(host);
    const frame = page.frameLocator('iframe[title="pagamento"]');
    await frame.getByRole('heading', { name: 'Pague com cartão de crédito' }).waitFor();
    await page.waitForFunction(() =>
      Boolean(document.querySelector('iframe')?.contentDocument?.documentElement.dataset.hydrated),
    );
    await fillCard(frame, '4111 1111 1111 1111');
    await frame.getByRole('button', { name: /^Pagar R\$/ }).click();
    await frame.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    const received = await page.evaluate(
      () => (window as unknown as { __received: { origin: string; data: string }[] }).__received,
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.origin).toBe(new URL(stage.server.url).origin);
    expect(ZAppBridgeMessage.parse(JSON.parse(received[0]!.data))).toMatchObject({
      type: 'PAYMENT_RESULT',
      result: 'approved',
    });
  });

  it('/mpexport loads the event gateway’s card-form script', async () => {
    const page = await newPage(stage.browser, MOBILE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${stage.server.url}/mpexport?eventId=${stage.f.eventId}`);
    await waitForHydration(page);
    await page.getByRole('status').filter({ hasText: 'Script de pagamento carregado.' }).waitFor();
    expect(scripts).toContain('/sandbox-gateway/card-form.js');
    const form = await page.evaluate(() => ({
      mount: typeof window.BilhetoCardForm?.mount,
      createToken: typeof window.BilhetoCardForm?.createToken,
    }));
    expect(form).toEqual({ mount: 'function', createToken: 'function' });
    expect(await page.locator('div[data-gateway="sandbox"]').count()).toBe(1);
  });

  it('never sent a card number or CVV to our server, logs or tables', async () => {
    await stage.server.stop();
    await expectNoCardData({
      pan: '4111111111111111',
      bodiesToUs: pages.flat(),
      server: stage.server,
      dataDir: stage.dataDir,
    });
  });
});
