import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../apps/api/src/db/orm.ts';
import {
  parseStripeForm,
  startStripeStandIn,
  type TStripeStandIn,
} from '../apps/api/src/testing/stripe-stand-in.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { expectNoCardData, recordBodiesToUs } from './support/card-data.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/*
 * Stripe.js (https://js.stripe.com/v3), its Payment Element iframe and Stripe's API are unreachable
 * from this machine. The browser gets stand-ins through page.route that follow the documented
 * surface the card form uses ("Finalize payments on the server"): `Stripe(publishableKey, { locale })`,
 * `stripe.elements({ mode: 'payment', amount, currency, paymentMethodCreation: 'manual' })`,
 * `elements.create('payment').mount(element)` with its 'ready' event, `elements.submit()` and
 * `stripe.createPaymentMethod({ elements })`. As with the real Payment Element, the card fields
 * live in an iframe on js.stripe.com, and the card number goes from that iframe to Stripe's
 * /v1/payment_methods with the publishable key, never through the page. Stripe's API (browser and
 * server calls alike) is the local stand-in of apps/api/src/testing/stripe-stand-in.ts.
 */
const keys = { secretKey: 'sk_test_standin_secret_key', publishableKey: 'pk_test_standin_publishable_key' };
const WEBHOOK_SECRET = 'whsec_standin_endpoint_signing_secret';
const FRAME = 'https://js.stripe.com/v3/elements-inner-payment.html';

const STRIPE_JS_STAND_IN = `(() => {
  const FRAME = '${FRAME}';
  const ask = (frame, message) => new Promise((resolve) => {
    const request = Math.random().toString(36).slice(2);
    const onMessage = (event) => {
      if (event.origin !== 'https://js.stripe.com' || !event.data || event.data.request !== request) return;
      window.removeEventListener('message', onMessage);
      resolve(event.data.result);
    };
    window.addEventListener('message', onMessage);
    frame.contentWindow.postMessage({ ...message, request }, 'https://js.stripe.com');
  });
  window.Stripe = function Stripe(key, options) {
    if (!key || !/^pk_/.test(key)) throw new Error('IntegrationError: a publishable key is required');
    const locale = (options && options.locale) || 'auto';
    return {
      elements(config) {
        if (config.mode !== 'payment' || !Number.isInteger(config.amount) || config.amount < 1 || !/^[a-z]{3}$/.test(config.currency))
          throw new Error('IntegrationError: deferred elements need mode, a positive integer amount and a lower-case currency');
        const elements = { frame: null, config };
        elements.create = (type) => {
          if (type !== 'payment') throw new Error('unsupported element ' + type);
          const listeners = {};
          const element = {
            mount(target) {
              const iframe = document.createElement('iframe');
              iframe.src = FRAME + '#locale=' + encodeURIComponent(config.locale || locale);
              iframe.title = 'Secure payment input frame';
              iframe.style.cssText = 'border:0;width:100%;height:210px';
              iframe.addEventListener('load', () => listeners.ready && listeners.ready({ elementType: 'payment' }));
              (typeof target === 'string' ? document.querySelector(target) : target).append(iframe);
              elements.frame = iframe;
            },
            on(name, callback) { listeners[name] = callback; return element; },
            destroy() { elements.frame && elements.frame.remove(); },
          };
          return element;
        };
        elements.submit = () => ask(elements.frame, { type: 'submit' });
        return elements;
      },
      createPaymentMethod({ elements }) {
        if (!elements || !elements.frame) throw new Error('IntegrationError: elements required');
        return ask(elements.frame, { type: 'createPaymentMethod', key });
      },
    };
  };
})();`;

/** The Payment Element's iframe: card fields on Stripe's origin, posting the card to Stripe. */
const FRAME_STAND_IN = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;font:16px sans-serif">
<label>Card number<input id="number" inputmode="numeric" autocomplete="cc-number"></label>
<label>Expiration date<input id="expiry" placeholder="MM / YY" autocomplete="cc-exp"></label>
<label>Security code<input id="cvc" inputmode="numeric" autocomplete="cc-csc"></label>
<script>
  const pt = decodeURIComponent(location.hash).includes('pt-BR');
  const labels = pt ? ['Número do cartão', 'Data de validade', 'Código de segurança'] : ['Card number', 'Expiration date', 'Security code'];
  document.querySelectorAll('label').forEach((label, i) => { label.firstChild.textContent = labels[i]; });
  const value = (id) => document.getElementById(id).value.trim();
  const invalid = () => {
    if (value('number').replace(/\\D/g, '').length < 13) return pt ? 'O número do cartão está incompleto.' : 'Your card number is incomplete.';
    if (!/^\\d{2}\\s*\\/\\s*\\d{2}$/.test(value('expiry'))) return pt ? 'A data de validade está incompleta.' : "Your card's expiration date is incomplete.";
    if (!/^\\d{3,4}$/.test(value('cvc'))) return pt ? 'O código de segurança está incompleto.' : "Your card's security code is incomplete.";
    return null;
  };
  window.addEventListener('message', async (event) => {
    if (event.source !== parent || !event.data || !event.data.request) return;
    const reply = (result) => event.source.postMessage({ request: event.data.request, result }, event.origin);
    const problem = invalid();
    if (event.data.type === 'submit') return reply(problem ? { error: { type: 'validation_error', message: problem } } : {});
    if (event.data.type !== 'createPaymentMethod') return;
    const [month, year] = value('expiry').split('/').map((part) => part.trim());
    const response = await fetch('https://api.stripe.com/v1/payment_methods', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': value('number').replace(/\\D/g, ''),
        'card[exp_month]': month,
        'card[exp_year]': '20' + year,
        'card[cvc]': value('cvc'),
        key: event.data.key,
      }),
    });
    const answer = await response.json();
    reply(response.ok ? { paymentMethod: answer } : { error: answer.error });
  });
</script></body></html>`;

describe('checkout journeys with Stripe as the gateway (stand-ins for Stripe.js and its API)', () => {
  /** What the journeys' pages sent to our server (the last case reads it). */
  const bodiesToUs: string[][] = [];
  let stage: TPurchaseStage | undefined;
  let stripe: TStripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn(keys);
    stage = await openPurchaseStage(
      'checkout-stripe',
      {
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: keys.secretKey,
        STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
      // Both events name Stripe (commerce §9, gateway 7); the second one is sold in dollars.
      async (db, f) => {
        await db.execute(sql`update events set gateway = 7 where id = ${f.eventId}`);
        await db.execute(sql`update events set gateway = 7, currency = 'USD' where id = ${f.otherEventId}`);
      },
    );
  });
  afterAll(async () => {
    await closePurchaseStage(stage);
    await stripe?.close();
  });

  /** The browser reaches Stripe's hosts only through these stand-ins. */
  async function routeStripe(page: Page) {
    await page.route('https://js.stripe.com/v3', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_JS_STAND_IN }),
    );
    await page.route(`${FRAME}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FRAME_STAND_IN }),
    );
    await page.route('https://api.stripe.com/**', async (route: Route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${stripe.url}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
  }

  async function open(page: Page, url: string) {
    await page.goto(url);
    await waitForHydration(page);
  }

  /** A buyer puts two tickets of `slug` in the cart, types the card into Stripe's iframe and pays. */
  async function buy(slug: string, cardNumber: string) {
    const { server, smtp } = stage!;
    const page = await newPage(stage!.browser);
    bodiesToUs.push(recordBodiesToUs(page, stage!.server));
    await routeStripe(page);
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
    await open(page, `${server.url}/events/${slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/pagamento`);
    const fields = page.frameLocator('#stripe-payment-element iframe');
    const number = fields.getByLabel('Número do cartão');
    await number.waitFor({ timeout: 15_000 });
    // To Pix and back (Pix is offered for reais only): the Payment Element is mounted afresh, once.
    const pix = page.getByRole('radio', { name: 'Pix' });
    if (await pix.count()) {
      await pix.check();
      await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
      await number.waitFor({ timeout: 15_000 });
    }
    expect(await page.locator('#stripe-payment-element iframe').count()).toBe(1);
    await number.fill(cardNumber);
    await fields.getByLabel('Data de validade').fill('12 / 30');
    await fields.getByLabel('Código de segurança').fill('123');
    const pay = page.getByRole('button', { name: /^Pagar/ });
    const shown = (await pay.textContent()) ?? '';
    await pay.click();
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

    // The card went from Stripe's iframe to Stripe; we sent only the PaymentMethod's id.
    const digits = cardNumber.replace(/\D/g, '');
    const made = stripe.received
      .filter((r) => r.path === '/v1/payment_methods' && r.body.includes(digits))
      .at(-1);
    expect(parseStripeForm(made!.body)).toMatchObject({ type: 'card', key: keys.publishableKey });
    const charge = stripe.received
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .at(-1)!;
    const sent = parseStripeForm(charge.body);
    expect(String(sent.payment_method)).toMatch(/^pm_\w+$/);
    expect(sent).toMatchObject({ confirm: 'true', receipt_email: person.email });
    expect(charge.body).not.toContain(digits);
    const spaced = new RegExp(digits.replace(/(\d{4})(?=\d)/g, '$1\\s?'));
    for (const body of toUs) expect(body).not.toMatch(spaced);
    for (const body of toUs) expect(body).not.toMatch(/"cvc"|card\[cvc\]/);
    expect(stage!.server.output()).not.toMatch(spaced);
    // The page CSP let Stripe.js, its iframe and its API calls through.
    expect(violations).toEqual([]);
    await page.context().close();
    return { shown, sent };
  }

  const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

  it('buys a ticket in reais through the Payment Element: Pagamento aprovado, the tickets', async () => {
    const { shown, sent } = await buy(stage!.f.slug, '4242 4242 4242 4242');
    expect(sent.currency).toBe('brl');
    expect(shown).toMatch(/R\$/);
    expect(Number(sent.amount)).toBe(centsOf(shown));
  }, 120_000);

  it('buys the dollar event in dollars: the PaymentIntent at Stripe is in usd, for the amount shown', async () => {
    const { shown, sent } = await buy(stage!.f.otherSlug, '5555 5555 5555 4444');
    expect(shown).toMatch(/US\$|\$/);
    expect(sent.currency).toBe('usd');
    expect(Number(sent.amount)).toBe(centsOf(shown));
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent).toMatchObject({ currency: 'usd', amount: centsOf(shown), status: 'succeeded' });
  }, 120_000);

  // Last: it stops the server to read its tables.
  it('kept no card number or CVV in our API, our logs or our tables', async () => {
    await expectNoCardData({
      pan: '4242424242424242',
      bodiesToUs: bodiesToUs.flat(),
      server: stage!.server,
      dataDir: stage!.dataDir,
    });
  });
});
