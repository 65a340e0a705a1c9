import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../apps/api/src/db/orm.ts';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { startYunoStandIn, type TYunoStandIn } from '../apps/api/src/testing/yuno-stand-in.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { expectNoCardData, recordBodiesToUs } from './support/card-data.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/*
 * Yuno's Web SDK (https://sdk-web.y.uno/v1.10/main.js), its secure-field iframes and its API are
 * unreachable from this machine. The browser gets stand-ins through page.route, which follow the
 * documented surface the card form uses (docs.y.uno "Secure Fields (Payment)"):
 * `await Yuno.initialize(publicApiKey)`, `yuno.secureFields({ countryCode, checkoutSession })`,
 * `secureFields.create({ name: 'pan' | 'expiration' | 'cvv', options }).render(selector)` and
 * `await secureFields.generateToken({ cardHolderName, customer })`. As with the real SDK, each
 * field is an iframe on Yuno's origin, and the card number goes from that iframe to Yuno's
 * one-time-token endpoint (POST /v1/checkout/sessions/:session/token, public key only), never
 * through the page. Yuno's API (browser and server calls alike) is the local stand-in of
 * apps/api/src/testing/yuno-stand-in.ts.
 */
const CREDENTIALS = {
  publicApiKey: 'sandbox_gAAAAABstandin-public-api-key',
  privateSecretKey: 'sandbox_gAAAAABstandin-private-secret-key',
  accountId: '2c05976d-0000-4000-8000-6421883de48d',
};
const SECRET = 'standin-yuno-webhook-secret-0123456789';
const SDK_ORIGIN = 'https://sdk-web.y.uno';

const SDK_STAND_IN = `(() => {
  const ORIGIN = '${SDK_ORIGIN}';
  window.Yuno = {
    async initialize(publicApiKey) {
      if (!publicApiKey) throw new Error('public api key required');
      return {
        secureFields({ countryCode, checkoutSession }) {
          const frames = {};
          return {
            create({ name, options }) {
              return {
                render(selector) {
                  const iframe = document.createElement('iframe');
                  iframe.src = ORIGIN + '/secure-field?name=' + name + '&label=' + encodeURIComponent(options.label);
                  iframe.title = options.label;
                  iframe.style.cssText = 'border:0;width:100%;height:100%';
                  document.querySelector(selector).append(iframe);
                  frames[name] = iframe;
                },
                unmount() { frames[name] && frames[name].remove(); },
              };
            },
            generateToken({ cardHolderName, customer }) {
              return new Promise((resolve, reject) => {
                const request = Math.random().toString(36).slice(2);
                const onMessage = (event) => {
                  if (event.origin !== ORIGIN || !event.data || event.data.request !== request) return;
                  window.removeEventListener('message', onMessage);
                  if (event.data.error) reject(new Error(event.data.error)); else resolve(event.data.token);
                };
                window.addEventListener('message', onMessage);
                frames.pan.contentWindow.postMessage(
                  { type: 'generateToken', request, publicApiKey, checkoutSession, countryCode, cardHolderName, customer },
                  ORIGIN,
                );
              });
            },
          };
        },
      };
    },
  };
})();`;

/** One secure field: an input on Yuno's origin; the card-number frame makes the one-time token. */
const FIELD_STAND_IN = `<!doctype html><html><body style="margin:0"><input style="width:100%;height:100%;border:0;font-size:16px" inputmode="numeric"><script>
  const params = new URLSearchParams(location.search);
  const name = params.get('name');
  const input = document.querySelector('input');
  input.dataset.field = name;
  input.setAttribute('aria-label', params.get('label'));
  const sibling = (field) => {
    for (let i = 0; i < parent.frames.length; i += 1) {
      try {
        const other = parent.frames[i].document.querySelector('input[data-field="' + field + '"]');
        if (other) return other.value;
      } catch {}
    }
    return '';
  };
  window.addEventListener('message', async (event) => {
    if (name !== 'pan' || !event.data || event.data.type !== 'generateToken') return;
    const [month, year] = sibling('expiration').split('/');
    const response = await fetch('https://api.y.uno/v1/checkout/sessions/' + event.data.checkoutSession + '/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'public-api-key': event.data.publicApiKey },
      body: JSON.stringify({
        payment_method: {
          type: 'CARD',
          card: {
            number: input.value.replace(/\\D/g, ''),
            security_code: sibling('cvv'),
            expiration_month: Number(month),
            expiration_year: Number(year),
            holder_name: event.data.cardHolderName,
          },
        },
        customer: event.data.customer,
      }),
    });
    const made = await response.json();
    event.source.postMessage(
      response.ok ? { request: event.data.request, token: made.token } : { request: event.data.request, error: made.code },
      event.origin,
    );
  });
</script></body></html>`;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('checkout journey with Yuno as the gateway (stand-ins for its SDK and API)', () => {
  /** What the journeys' pages sent to our server (the last case reads it). */
  const bodiesToUs: string[][] = [];
  let stage: TPurchaseStage | undefined;
  let yuno: TYunoStandIn;
  /** Whether the server answered the session path itself (the route mounted) or the test stood in. */
  const sessionAnswers: ('server' | 'stood-in')[] = [];

  beforeAll(async () => {
    yuno = await startYunoStandIn(CREDENTIALS);
    stage = await openPurchaseStage(
      'checkout-yuno',
      {
        PAYMENT_GATEWAY: 'yuno',
        YUNO_PUBLIC_API_KEY: CREDENTIALS.publicApiKey,
        YUNO_PRIVATE_SECRET_KEY: CREDENTIALS.privateSecretKey,
        YUNO_ACCOUNT_ID: CREDENTIALS.accountId,
        YUNO_WEBHOOK_SECRET: SECRET,
        YUNO_API_BASE: yuno.url,
      },
      // commerce §9: the fixture's events are sold through Yuno (code 8).
      async (db) => {
        await db.execute(sql`update events set gateway = 8`);
      },
    );
  });
  afterAll(async () => {
    await closePurchaseStage(stage);
    await yuno?.close();
  });

  /** The browser reaches Yuno's hosts only through these stand-ins. */
  async function routeYuno(page: Page, serverUrl: string) {
    await page.route(`${SDK_ORIGIN}/v1.10/main.js`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: SDK_STAND_IN }),
    );
    await page.route(`${SDK_ORIGIN}/secure-field**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FIELD_STAND_IN }),
    );
    for (const host of ['https://api.y.uno', 'https://api-sandbox.y.uno'])
      await page.route(`${host}/**`, async (route: Route) => {
        const url = new URL(route.request().url());
        const response = await route.fetch({ url: `${yuno.url}${url.pathname}${url.search}` });
        await route.fulfill({ response });
      });
    // The session route (http/routes/gateway-session.ts) is the lead's to mount. Until the server
    // answers it, the test opens the session as that route does: for the cart's own total.
    await page.route(`${serverUrl}/api/v1/yuno/start-checkout`, async (route: Route) => {
      const answer = await route.fetch();
      if (answer.status() !== 404) {
        sessionAnswers.push('server');
        return route.fulfill({ response: answer });
      }
      sessionAnswers.push('stood-in');
      const cart = await route.fetch({
        url: `${serverUrl}/api/v3/getcart`,
        method: 'POST',
        headers: { ...(await route.request().allHeaders()), 'content-type': 'application/json' },
        postData: '{}',
      });
      const total = ((await cart.json()) as { cart: { totals: { total: number } } }).cart.totals.total;
      const made = await fetch(`${yuno.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'public-api-key': CREDENTIALS.publicApiKey,
          'private-secret-key': CREDENTIALS.privateSecretKey,
        },
        body: JSON.stringify({
          account_id: CREDENTIALS.accountId,
          merchant_order_id: 'cart',
          payment_description: 'Bilheto',
          country: 'BR',
          amount: { currency: 'BRL', value: total },
          workflow: 'SDK_CHECKOUT',
        }),
      });
      const session = ((await made.json()) as { checkout_session: string }).checkout_session;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ session }),
      });
    });
  }

  it('types the card into Yuno’s secure fields, pays, and finds the order confirmed and the tickets', async () => {
    const { browser, server, smtp, f } = stage!;
    const page = await newPage(browser);
    bodiesToUs.push(recordBodiesToUs(page, server));
    await routeYuno(page, server.url);
    const toUs: string[] = [];
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    const payRequests: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (body && request.url().startsWith(server.url)) toUs.push(body);
      if (request.method() === 'POST' && request.url() === `${server.url}/checkout/v1`)
        payRequests.push(body ?? '');
    });
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/pagamento`);
    const number = page.frameLocator('#yuno-pan iframe').getByLabel('Número do cartão');
    await number.waitFor({ timeout: 30_000 });
    // Yuno's Test Payment Gateway card that succeeds.
    await number.fill('4507 9900 0000 0002');
    await page.frameLocator('#yuno-expiration iframe').getByLabel('Validade (MM/AA)').fill('11/28');
    await page.frameLocator('#yuno-cvv iframe').getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByLabel('Nome impresso no cartão').fill('Maria da Silva');
    await page.getByLabel('CPF do titular do cartão').fill(uniqueCpf());
    // The page now and then does not take the first click on Pagar on this shared machine (no
    // token asked, no request sent): click again only while no payment request left the page,
    // so one attempt is ever sent.
    const payButton = page.getByRole('button', { name: /^Pagar/ });
    const sentPayment = () => payRequests.length > 0;
    await expect
      .poll(
        async () => {
          if (!sentPayment()) await payButton.click({ timeout: 2_000 }).catch(() => {});
          return sentPayment();
        },
        { timeout: 20_000, interval: 3_000 },
      )
      .toBe(true);
    expect(payRequests).toHaveLength(1);
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.getByText('2 ingressos', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: /Mostrar QR code do ingresso/ }).count(), {
        timeout: 15_000,
      })
      .toBe(2);

    // The card went from Yuno's iframe to Yuno; we sent only the one-time token with its session.
    const tokenCall = yuno.received.find((r) => /\/v1\/checkout\/sessions\/[^/]+\/token$/.test(r.path));
    expect(tokenCall?.body).toContain('4507990000000002');
    expect(tokenCall?.headers['private-secret-key']).toBeUndefined();
    const charge = yuno.received.find((r) => r.method === 'POST' && r.path === '/v1/payments');
    const sent = JSON.parse(charge!.body) as {
      checkout: { session: string };
      payment_method: { token: string };
      customer_payer: { email: string };
      amount: { currency: string; value: number };
    };
    expect(sent.checkout.session).toBe(tokenCall!.path.split('/')[4]);
    expect(sent.payment_method.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.customer_payer.email).toBe(person.email);
    expect(sent.amount.currency).toBe('BRL');
    expect(charge!.headers['x-idempotency-key']).toMatch(/\S/);
    expect(charge!.body).not.toMatch(/4507\s?9900|security_code/);
    for (const body of toUs) expect(body).not.toMatch(/4507\s?9900\s?0000\s?0002|"cvv"|security_code/);
    expect(server.output()).not.toMatch(/4507\s?9900\s?0000\s?0002/);
    expect(sessionAnswers.length).toBeGreaterThan(0);
    // The page CSP let the SDK, its iframes and its API calls through.
    expect(violations).toEqual([]);
  });

  // Last: it stops the server to read its tables.
  it('kept no card number or CVV in our API, our logs or our tables', async () => {
    await expectNoCardData({
      pan: '4507990000000002',
      bodiesToUs: bodiesToUs.flat(),
      server: stage!.server,
      dataDir: stage!.dataDir,
    });
  });
});
