import { rmSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { startMercadoPagoStandIn, type TMpStandIn } from '../apps/api/src/testing/mercadopago-stand-in.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { expectNoCardData, recordBodiesToUs } from './support/card-data.ts';
import { newDataDir } from './support/data-dir.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/*
 * Mercado Pago's SDK (https://sdk.mercadopago.com/js/v2), its secure-field iframes and its API
 * are unreachable from this machine. The browser gets stand-ins through page.route, which
 * follow the documented surface the card form uses: `new MercadoPago(publicKey, { locale })`,
 * `mp.fields.create(type, options).mount(containerId)`, the field's `on('binChange')`,
 * `mp.fields.createCardToken({ cardholderName, identificationType, identificationNumber })` and
 * `mp.getPaymentMethods({ bin })`. As with the real SDK, each field is an iframe on Mercado
 * Pago's origin, and the card number goes from that iframe to Mercado Pago's /v1/card_tokens,
 * never through the page. Mercado Pago's API (browser and server calls alike) is the local
 * stand-in of apps/api/src/testing/mercadopago-stand-in.ts.
 */
const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const PUBLIC_KEY = 'TEST-standin-public-key';
const SECRET = 'standin-webhook-secret-0123456789';
const FIELDS_ORIGIN = 'https://secure-fields.mercadopago.com';

const SDK_STAND_IN = `(() => {
  const API = 'https://api.mercadopago.com';
  const FIELDS = '${FIELDS_ORIGIN}';
  class MercadoPago {
    constructor(publicKey, options) {
      if (!publicKey) throw new Error('public key required');
      this.publicKey = publicKey;
      this.locale = options && options.locale;
      const frames = {};
      const self = this;
      this.fields = {
        create(type, options) {
          const listeners = {};
          window.addEventListener('message', (event) => {
            if (event.origin !== FIELDS || !event.data || event.data.field !== type) return;
            if (event.data.type === 'binChange' && listeners.binChange) listeners.binChange({ bin: event.data.bin, field: type });
          });
          const field = {
            mount(containerId) {
              const iframe = document.createElement('iframe');
              const label = (options && options.srLabel) || type;
              iframe.src = FIELDS + '/fields?type=' + type + '&label=' + encodeURIComponent(label);
              iframe.title = label;
              iframe.style.cssText = 'border:0;width:100%;height:100%';
              document.getElementById(containerId).append(iframe);
              frames[type] = iframe;
              return field;
            },
            on(event, callback) { listeners[event] = callback; return field; },
            update() { return field; },
            unmount() { frames[type] && frames[type].remove(); },
          };
          return field;
        },
        createCardToken(nonPCIData) {
          return new Promise((resolve, reject) => {
            const request = Math.random().toString(36).slice(2);
            const onMessage = (event) => {
              if (event.origin !== FIELDS || !event.data || event.data.request !== request) return;
              window.removeEventListener('message', onMessage);
              if (event.data.error) reject(new Error(event.data.error)); else resolve(event.data.token);
            };
            window.addEventListener('message', onMessage);
            frames.cardNumber.contentWindow.postMessage({
              type: 'createCardToken',
              request,
              publicKey: self.publicKey,
              cardholder: {
                name: nonPCIData.cardholderName,
                identification: { type: nonPCIData.identificationType, number: nonPCIData.identificationNumber },
              },
            }, FIELDS);
          });
        },
      };
    }
    async getPaymentMethods({ bin }) {
      const response = await fetch(API + '/v1/payment_methods/search?public_key=' + encodeURIComponent(this.publicKey) + '&bins=' + bin);
      return response.json();
    }
  }
  window.MercadoPago = MercadoPago;
})();`;

/** One secure field: an input on Mercado Pago's origin; the card-number frame makes the token. */
const FIELD_STAND_IN = `<!doctype html><html><body style="margin:0"><input style="width:100%;height:100%;border:0;font-size:16px" inputmode="numeric"><script>
  const params = new URLSearchParams(location.search);
  const type = params.get('type');
  const input = document.querySelector('input');
  input.dataset.field = type;
  input.setAttribute('aria-label', params.get('label'));
  let lastBin = null;
  input.addEventListener('input', () => {
    if (type !== 'cardNumber') return;
    const digits = input.value.replace(/\\D/g, '');
    const bin = digits.length >= 8 ? digits.slice(0, 8) : null;
    if (bin !== lastBin) { lastBin = bin; parent.postMessage({ type: 'binChange', field: type, bin }, '*'); }
  });
  const sibling = (name) => {
    for (let i = 0; i < parent.frames.length; i += 1) {
      try {
        const other = parent.frames[i].document.querySelector('input[data-field="' + name + '"]');
        if (other) return other.value;
      } catch {}
    }
    return '';
  };
  window.addEventListener('message', async (event) => {
    if (type !== 'cardNumber' || !event.data || event.data.type !== 'createCardToken') return;
    const [month, year] = sibling('expirationDate').split('/');
    const response = await fetch('https://api.mercadopago.com/v1/card_tokens?public_key=' + encodeURIComponent(event.data.publicKey), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: input.value.replace(/\\D/g, ''),
        security_code: sibling('securityCode'),
        expiration_month: Number(month),
        expiration_year: 2000 + Number(year),
        cardholder: event.data.cardholder,
      }),
    });
    const token = await response.json();
    event.source.postMessage(
      response.ok
        ? { request: event.data.request, token: { id: token.id, first_six_digits: token.first_six_digits, last_four_digits: token.last_four_digits } }
        : { request: event.data.request, error: token.message },
      event.origin,
    );
  });
</script></body></html>`;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('checkout journey with Mercado Pago as the gateway (stand-ins for its SDK and API)', () => {
  /** What the journeys' pages sent to our server (the last case reads it). */
  const bodiesToUs: string[][] = [];
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let mp: TMpStandIn;
  let f: TCartFixture;
  const dataDir = newDataDir('checkout-mp');

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    f = await createCartFixture(database.db);
    await database.close();
    smtp = await startTestSmtpServer();
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
    server = await startServer(
      {
        SMTP_URL: smtp.url,
        CAPTCHA_PROVIDER: 'off',
        DEMO_DATA: 'false',
        PAYMENT_GATEWAY: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
        MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
        MERCADOPAGO_WEBHOOK_SECRET: SECRET,
        MERCADOPAGO_API_BASE: mp.url,
      },
      dataDir,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mp?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The browser reaches Mercado Pago's hosts only through these stand-ins. */
  async function routeMercadoPago(page: Page) {
    await page.route('https://sdk.mercadopago.com/js/v2', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: SDK_STAND_IN }),
    );
    await page.route(`${FIELDS_ORIGIN}/fields**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FIELD_STAND_IN }),
    );
    await page.route('https://api.mercadopago.com/**', async (route: Route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${mp.url}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
  }

  it('types the card into Mercado Pago’s secure fields, pays, and finds the order confirmed and the tickets', async () => {
    const page = await newPage(browser);
    bodiesToUs.push(recordBodiesToUs(page, server));
    await routeMercadoPago(page);
    const toUs: string[] = [];
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => {
      const body = request.postData();
      if (body && request.url().startsWith(server.url)) toUs.push(body);
    });
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/pagamento`);
    // No sandbox test-card hint in Mercado Pago mode.
    expect(await page.getByText('4111').count()).toBe(0);
    const number = page.frameLocator('#mp-card-number iframe').getByLabel('Número do cartão');
    await number.waitFor({ timeout: 15_000 });
    // To Pix and back: the secure fields are mounted afresh, once each.
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
    await number.waitFor({ timeout: 15_000 });
    expect(await page.locator('#mp-card-number iframe').count()).toBe(1);
    await number.fill('5031 4332 1540 6351');
    await page.frameLocator('#mp-expiration-date iframe').getByLabel('Validade (MM/AA)').fill('11/30');
    await page.frameLocator('#mp-security-code iframe').getByLabel('Código de segurança (CVV)').fill('123');
    // Mercado Pago's test cardholder name APRO means "approved".
    await page.getByLabel('Nome impresso no cartão').fill('APRO');
    await page.getByLabel('CPF do titular do cartão').fill(uniqueCpf());
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.getByText('2 ingressos', { exact: true }).waitFor();
    // The QR buttons come alive with the page (hydration waits for the language file): not within 1 s on a busy machine.
    await expect
      .poll(() => page.getByRole('button', { name: /Mostrar QR code do ingresso/ }).count(), {
        timeout: 15_000,
      })
      .toBe(2);

    // The card went from Mercado Pago's iframe to Mercado Pago; we sent only its token.
    const tokenCall = mp.received.find((r) => r.path.startsWith('/v1/card_tokens'));
    expect(tokenCall?.body).toContain('5031433215406351');
    const charge = mp.received.find((r) => r.method === 'POST' && r.path === '/v1/payments');
    const sent = JSON.parse(charge!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      payment_method_id: 'master',
      issuer_id: 24,
      payer: { email: person.email },
    });
    expect(String(sent.token)).toMatch(/^[0-9a-f]{32}$/);
    expect(charge!.body).not.toMatch(/5031\s?4332|security_code/);
    for (const body of toUs) expect(body).not.toMatch(/5031\s?4332\s?1540\s?6351|"cvv"|security_code/);
    expect(server.output()).not.toMatch(/5031\s?4332\s?1540\s?6351/);
    // The page CSP let the SDK, its iframes and its API calls through.
    expect(violations).toEqual([]);
  });

  // Last: it stops the server to read its tables.
  it('kept no card number or CVV in our API, our logs or our tables', async () => {
    await expectNoCardData({
      pan: '5031433215406351',
      bodiesToUs: bodiesToUs.flat(),
      server: server,
      dataDir: dataDir,
    });
  });
});
