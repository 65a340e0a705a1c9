import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../apps/api/src/db/orm.ts';
import { events } from '../apps/api/src/db/schema/index.ts';
import { startMercadoPagoStandIn, type TMpStandIn } from '../apps/api/src/testing/mercadopago-stand-in.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/*
 * Issue 15, ways to pay: the hosted checkout ('checkout pro') and the wallet (yellow) button.
 * The sandbox (the site's default) has its own hosted page, served by us; Mercado Pago (events
 * with gateway 1) draws its Wallet Brick, stood in through page.route like its card form in
 * checkout-mercadopago.e2e.ts: `new MercadoPago(publicKey, { locale })` and
 * `mp.bricks().create('wallet', containerId, { initialization: { preferenceId } })`, whose button
 * sends the buyer to the preference's page (here the Mercado Pago stand-in's init_point).
 */
const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const PUBLIC_KEY = 'TEST-standin-public-key';
const SECRET = 'standin-webhook-secret-0123456789';
const SHOTS = process.env.E2E_SHOTS_DIR;

const walletBrickStandIn = (standIn: string) => `(() => {
  class MercadoPago {
    constructor(publicKey, options) {
      if (!publicKey) throw new Error('public key required');
      this.publicKey = publicKey;
      this.locale = options && options.locale;
      // The card form loads the same SDK on this page; its fields are not what this journey is about.
      const field = { mount() { return field; }, on() { return field; }, update() { return field; }, unmount() {} };
      this.fields = { create() { return field; }, createCardToken() { return Promise.reject(new Error('not stood in')); } };
    }
    async getPaymentMethods() { return { results: [] }; }
    bricks() {
      return {
        async create(brick, containerId, settings) {
          if (brick !== 'wallet') throw new Error('only the wallet brick is stood in');
          const preferenceId = settings && settings.initialization && settings.initialization.preferenceId;
          if (!preferenceId) throw new Error('preferenceId required');
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Pagar com Mercado Pago';
          button.dataset.preference = preferenceId;
          button.style.cssText = 'width:100%;padding:14px;border:0;border-radius:6px;background:#009ee3;color:#fff;font:inherit;font-weight:600';
          button.onclick = () => { window.location.href = '${standIn}/checkout/v1/redirect?pref_id=' + encodeURIComponent(preferenceId); };
          document.getElementById(containerId).append(button);
          return { unmount() { button.remove(); } };
        },
      };
    }
  }
  window.MercadoPago = MercadoPago;
})();`;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

async function addTwo(page: Page, stage: TPurchaseStage, slug: string, name: string) {
  await open(page, `${stage.server.url}/events/${slug}`);
  const more = page.getByRole('button', { name: `Aumentar ${name}` });
  await more.click();
  await more.click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
}

describe('hosted checkout and the wallet button', () => {
  let stage: TPurchaseStage;
  let mp: TMpStandIn;

  beforeAll(async () => {
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN, { webhookSecret: SECRET });
    stage = await openPurchaseStage(
      'checkout-hosted',
      {
        MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
        MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
        MERCADOPAGO_WEBHOOK_SECRET: SECRET,
        MERCADOPAGO_API_BASE: mp.url,
      },
      // The fixture's other event is sold through Mercado Pago (commerce §9 gateway 1).
      async (db, f) => {
        await db.update(events).set({ gateway: 1 }).where(eq(events.id, f.otherEventId));
      },
    );
  });
  afterAll(async () => {
    await closePurchaseStage(stage);
    await mp?.close();
  });

  it('sandbox: out to the hosted page, approved there, back to the order with its tickets', async () => {
    const page = await newPage(stage.browser);
    await verifiedPerson(page, stage.server.url, stage.smtp);
    await addTwo(page, stage, stage.f.slug, 'Pista — Inteira');
    await open(page, `${stage.server.url}/pagamento`);
    const yellow = page.getByRole('button', { name: 'Usar carteira digital' });
    await yellow.waitFor();
    // The card's own button stays the one 'Pagar …' button of the page (other journeys find it so).
    expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-payment-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Ir para a página segura de pagamento' }).click();

    await page.waitForURL(/\/sandbox-gateway\/checkout\/sbxpref_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Página de pagamento (sandbox)' }).waitFor();
    const hostedUrl = page.url();
    const total = await page.getByTestId('hosted-total').textContent();
    expect(total).toMatch(/R\$\s?\d/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-sandbox-page-1280.png`, fullPage: true });
    // The buyer comes back to the shop before paying (opens /pagamento again): it offers the same
    // page again instead of an order stuck 'in review'.
    await open(page, `${stage.server.url}/pagamento`);
    await page.getByText(/Seus ingressos estão reservados para o pagamento na página segura/).waitFor();
    await page.getByRole('link', { name: 'Continuar o pagamento' }).click();
    await page.waitForURL(hostedUrl);
    await page.getByRole('button', { name: 'Pagar com cartão (aprovado)' }).click();

    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}\?payment_id=sbx[0-9a-f]+&status=approved/);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    // Where it was paid: on the provider's page, not a card typed at the shop.
    await page.getByText(/^Pago na página do provedor de pagamento/).waitFor();
    expect(await page.getByText('Cartão de crédito', { exact: true }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-back-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.getByText('2 ingressos', { exact: true }).waitFor();

    // The page is closed once paid: opened again, it shows no way to pay.
    await page.goto(hostedUrl);
    await page.getByRole('alert').filter({ hasText: 'Esta página de pagamento foi encerrada.' }).waitFor();
  }, 120_000);

  it('sandbox on a phone: the yellow button to the hosted page, declined there, back with the refusal', async () => {
    const page = await newPage(stage.browser, MOBILE);
    await verifiedPerson(page, stage.server.url, stage.smtp);
    await addTwo(page, stage, stage.f.slug, 'Pista — Inteira');
    await open(page, `${stage.server.url}/pagamento`);
    const yellow = page.getByRole('button', { name: 'Usar carteira digital' });
    await yellow.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-payment-375.png`, fullPage: true });
    await yellow.click();
    await page.waitForURL(/\/sandbox-gateway\/checkout\/sbxpref_/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-sandbox-page-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Pagar com cartão (recusado)' }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}\?payment_id=sbx[0-9a-f]+&status=rejected/);
    await waitForHydration(page);
    await page
      .getByText(/não foi autorizado/i)
      .first()
      .waitFor();
    // The units went back on sale: no promise of a kept cart, a way back to the event instead.
    await page.getByText(/Os ingressos deste pedido voltaram à venda/).waitFor();
    expect(await page.getByText(/seu carrinho foi mantido/).count()).toBe(0);
    await page.getByRole('link', { name: 'Voltar ao evento' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosted-declined-375.png`, fullPage: true });
  });

  it("Mercado Pago: the wallet brick for the order's preference, paid with the buyer's account, back with the tickets", async () => {
    const page = await newPage(stage.browser);
    const sdkLoads: string[] = [];
    await page.route('https://sdk.mercadopago.com/js/v2', (route) => {
      sdkLoads.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: walletBrickStandIn(mp.url) });
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await verifiedPerson(page, stage.server.url, stage.smtp);
    await addTwo(page, stage, stage.f.otherSlug, 'Pista — Inteira');
    await open(page, `${stage.server.url}/pagamento`);
    await page.getByRole('button', { name: 'Usar carteira digital' }).click();

    // Our yellow button made the preference; Mercado Pago's own button is drawn for it, and the
    // card and Pix form leave the page (the order is reserved for the wallet).
    const brick = page.getByRole('button', { name: 'Pagar com Mercado Pago' });
    await brick.waitFor({ timeout: 15_000 });
    expect(sdkLoads.length).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('radio', { name: 'Pix' }).count()).toBe(0);
    const preferenceId = await brick.getAttribute('data-preference');
    const preference = mp.preferences.get(preferenceId!);
    expect(preference).toBeDefined();
    expect(preference!.back_urls.success).toMatch(new RegExp(`^${stage.server.url}/pedido/[0-9a-f-]{36}$`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wallet-brick-1280.png`, fullPage: true });
    await brick.click();

    await page.waitForURL((url) => url.href.startsWith(`${mp.url}/checkout/v1/redirect`));
    await page.getByRole('button', { name: 'Pagar com saldo em conta' }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}\?collection_id=\d+&collection_status=approved/);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.getByText('2 ingressos', { exact: true }).waitFor();
    // Mercado Pago told us by its webhook (signed) and the order was found by its external_reference.
    const paid = [...mp.payments.values()].find(
      (p) => p.external_reference === preference!.external_reference,
    );
    expect(paid?.status).toBe('approved');
    expect(violations).toEqual([]);
  });

  it('Mercado Pago: a wallet drawn but not used is cancelled, and the units go back on sale', async () => {
    const page = await newPage(stage.browser);
    await page.route('https://sdk.mercadopago.com/js/v2', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: walletBrickStandIn(mp.url) }),
    );
    await verifiedPerson(page, stage.server.url, stage.smtp);
    await addTwo(page, stage, stage.f.otherSlug, 'Pista — Inteira');
    await open(page, `${stage.server.url}/pagamento`);
    await page.getByRole('button', { name: 'Usar carteira digital' }).click();
    const brick = page.getByRole('button', { name: 'Pagar com Mercado Pago' });
    await brick.waitFor({ timeout: 15_000 });
    const preferenceId = await brick.getAttribute('data-preference');
    // A reload after the wallet was drawn: the order is offered back (pay on the provider's page, or
    // cancel), not left 'in review' with no way out.
    await page.reload();
    await waitForHydration(page);
    const resume = page.getByRole('link', { name: 'Continuar o pagamento' });
    await resume.waitFor();
    expect(await resume.getAttribute('href')).toContain(preferenceId!);
    await page.getByRole('button', { name: 'Cancelar este pedido' }).click();
    await page.getByText('Pedido cancelado. Os ingressos foram liberados.').waitFor();
    const expired = mp.preferences.get(preferenceId!)!;
    expect(expired.expires).toBe(true);
    expect(Date.parse(expired.expiration_date_to!)).toBeLessThanOrEqual(Date.now());
  });
});
