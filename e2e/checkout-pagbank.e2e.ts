import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../apps/api/src/db/orm.ts';
import { startPagBankStandIn, type TPagBankStandIn } from '../apps/api/src/testing/pagbank-stand-in.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { expectNoCardData, recordBodiesToUs } from './support/card-data.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/*
 * PagBank's JS SDK (https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js)
 * and its API are unreachable from this machine. The browser gets a stand-in of the SDK through
 * page.route (support/pagbank-sdk-stand-in.js), following its documented surface:
 * PagSeguro.encryptCard({ publicKey, holder, number, expMonth, expYear, securityCode }) encrypts the
 * card in the page, with no call to anyone. PagBank has no hosted fields: the inputs are ours, so
 * the proof is that the number and CVV never leave the browser in the clear: no request carries
 * them, the server's output never shows them, and PagBank's stand-in reads them only by decrypting
 * the blob with the private key it alone holds. PagBank's API is the local stand-in of
 * apps/api/src/testing/pagbank-stand-in.ts.
 */
const TOKEN = 'standin-pagbank-account-token-0123456789';
const SDK = 'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js';
const SDK_STAND_IN = readFileSync(new URL('./support/pagbank-sdk-stand-in.js', import.meta.url), 'utf8');
const NUMBER = /4539\s?6206\s?5992\s?2097/;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('checkout journey with PagBank as the gateway (stand-ins for its SDK and API)', () => {
  /** What the journeys' pages sent to our server (the last case reads it). */
  const bodiesToUs: string[][] = [];
  let pb: TPagBankStandIn;
  let stage: TPurchaseStage;

  beforeAll(async () => {
    pb = await startPagBankStandIn(TOKEN);
    stage = await openPurchaseStage(
      'checkout-pagbank',
      {
        PAYMENT_GATEWAY: 'pagbank',
        PAGBANK_TOKEN: TOKEN,
        PAGBANK_PUBLIC_KEY: pb.publicKey,
        PAGBANK_API_BASE: pb.url,
        LOG_LEVEL: 'debug',
      },
      // commerce §9: gateway 0 is PagSeguro (PagBank).
      async (db) => {
        await db.execute(sql`update events set gateway = 0`);
      },
    );
  });
  afterAll(async () => {
    await closePurchaseStage(stage);
    await pb?.close();
  });

  it('types a test card into the page, PagBank’s SDK encrypts it, pays, and finds the order confirmed and the tickets', async () => {
    const { browser, server, smtp, f } = stage;
    const page = await newPage(browser);
    bodiesToUs.push(recordBodiesToUs(page, server));
    await page.route(SDK, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: SDK_STAND_IN }),
    );
    const sent: { url: string; body: string }[] = [];
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => sent.push({ url: request.url(), body: request.postData() ?? '' }));
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/pagamento`);
    // No sandbox test-card hint with PagBank.
    expect(await page.getByText('4111').count()).toBe(0);
    const number = page.getByLabel('Número do cartão');
    await number.waitFor({ timeout: 15_000 });
    // To Pix and back: the form is mounted afresh, once.
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
    await number.waitFor({ timeout: 15_000 });
    expect(await page.locator('#pb-card-number').count()).toBe(1);
    // PagBank's documented approving test card.
    await number.fill('4539 6206 5992 2097');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByLabel('Nome impresso no cartão').fill('Maria da Silva');
    await page.getByRole('button', { name: /^Pagar/ }).click();
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

    // The order reached PagBank with the encrypted card only, under our payment id.
    const post = pb.received.find((r) => r.method === 'POST' && r.path === '/orders');
    const body = JSON.parse(post!.body) as {
      reference_id: string;
      customer: { email: string; tax_id: string };
      notification_urls: string[];
      charges: { payment_method: { card: Record<string, string> } }[];
    };
    expect(post!.headers['x-idempotency-key']).toBe(body.reference_id);
    expect(body.customer).toMatchObject({ email: person.email, tax_id: person.cpf });
    expect(body.notification_urls).toEqual([`${server.url}/api/webhooks/pagbank`]);
    expect(Object.keys(body.charges[0]!.payment_method.card)).toEqual(['encrypted']);
    // What the page sent us is that blob (so the checks below look at the real payment request).
    const toUs = sent.find((r) => r.url === `${server.url}/checkout/v1`);
    expect(JSON.parse(toUs!.body).card.token).toBe(body.charges[0]!.payment_method.card.encrypted);
    const order = [...pb.orders.values()].find((o) => o.reference_id === body.reference_id)!;
    // Only PagBank's private key turns the blob back into the card the buyer typed.
    expect(order.charges?.[0]?.payment_method).toMatchObject({
      card: { first_digits: '453962', last_digits: '2097', holder: { name: 'Maria da Silva' } },
    });
    // Never in the clear: no request from the page (to us or anyone), no server output.
    for (const r of sent) {
      expect(r.body).not.toMatch(NUMBER);
      expect(r.url).not.toMatch(NUMBER);
      expect(r.body).not.toMatch(/"(cvv|securityCode|security_code)"/);
    }
    expect(post!.body).not.toMatch(NUMBER);
    expect(server.output()).not.toMatch(NUMBER);
    expect(server.output()).not.toContain(person.cpf);
    // The page CSP let the SDK through.
    expect(violations).toEqual([]);

    // PagBank's notice about the order: accepted signed, refused otherwise.
    const notice = pb.notice(order.id);
    const accepted = await fetch(`${server.url}/api/webhooks/pagbank`, {
      method: 'POST',
      headers: notice.headers,
      body: notice.body,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });
    const forged = pb.notice(order.id, { signed: false });
    const refused = await fetch(`${server.url}/api/webhooks/pagbank`, {
      method: 'POST',
      headers: forged.headers,
      body: forged.body,
    });
    expect(refused.status).toBe(401);
  });

  // Last: it stops the server to read its tables.
  it('kept no card number or CVV in our API, our logs or our tables', async () => {
    await expectNoCardData({
      pan: '4539620659922097',
      bodiesToUs: bodiesToUs.flat(),
      server: stage.server,
      dataDir: stage.dataDir,
    });
  });
});
