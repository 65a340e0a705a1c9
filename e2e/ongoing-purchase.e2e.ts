import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard, verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const ORDER_PAGE = /\/pedido\/[0-9a-f-]{36}$/;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('ongoing purchase journeys: a Pix left behind and found again, a card under review', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    stage = await openPurchaseStage('ongoing', {
      SANDBOX_SETTLE_SECONDS: '3',
      PAYMENT_RECONCILE_SECONDS: '1',
    });
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  /** A verified buyer (e-mail and phone, so no other pop-up shows) with one ticket of `slug` in the cart. */
  async function verifiedBuyerWithCart(slug: string) {
    const page = await newPage(browser);
    const _person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    return page;
  }

  it('creates a Pix, leaves for the home page, is offered the purchase back, pays it, finds the ticket', async () => {
    const page = await verifiedBuyerWithCart(f.slug);
    await open(page, `${server.url}/pagamento`);
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('button', { name: /^Gerar Pix/ }).click();
    await page.getByRole('img', { name: 'QR code do Pix' }).waitFor({ timeout: 15_000 });
    const code = await page.getByLabel('Pix copia e cola').inputValue();

    // Leaves through the header, a client-side navigation.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.waitForURL(`${server.url}/`);
    const popup = page.getByRole('dialog', { name: 'Existe uma compra em andamento' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByRole('button', { name: 'Ir para o pagamento' }).click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Existe uma compra em andamento' }).waitFor();
    expect(await page.getByLabel('Pix copia e cola').inputValue()).toBe(code);
    expect(await page.getByRole('dialog', { name: 'Existe uma compra em andamento' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Mostrar QR code do ingresso/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    // Settled: no pop-up any more.
    await open(page, server.url);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Existe uma compra em andamento' }).count()).toBe(0);
  });

  it('gives up a pending Pix to pay the same cart by card, after closing the pop-up once', async () => {
    const page = await verifiedBuyerWithCart(f.otherSlug);
    await open(page, `${server.url}/pagamento`);
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('button', { name: /^Gerar Pix/ }).click();
    await page.getByRole('img', { name: 'QR code do Pix' }).waitFor({ timeout: 15_000 });
    await open(page, server.url);
    const popup = page.getByRole('dialog', { name: 'Existe uma compra em andamento' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByRole('button', { name: 'Agora não' }).click();
    // Closed for this tab: the next page does not ask again.
    await open(page, `${server.url}/events/${f.slug}`);
    await page.waitForTimeout(500);
    expect(await popup.count()).toBe(0);

    await open(page, `${server.url}/pagamento`);
    await page.getByRole('button', { name: 'Cancelar este Pix e escolher outra forma de pagamento' }).click();
    await page.getByRole('status').filter({ hasText: 'Pix cancelado.' }).first().waitFor({ timeout: 15_000 });
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
  });

  it('pays with the in-process test card: sees the review state, then the tickets', async () => {
    const page = await verifiedBuyerWithCart(f.slug);
    await open(page, `${server.url}/pagamento`);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await page.getByLabel('Número do cartão').fill('4000 0000 0000 0077');
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/39');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByRole('heading', { name: 'Pagamento em análise' }).waitFor({ timeout: 15_000 });
    await page.waitForURL(ORDER_PAGE, { timeout: 30_000 });
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Mostrar QR code do ingresso/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
  });

  it("the server's reconciler settles an in-process card while nobody watches the payment", async () => {
    const page = await verifiedBuyerWithCart(f.otherSlug);
    await open(page, `${server.url}/pagamento`);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await page.getByLabel('Número do cartão').fill('4000 0000 0000 0077');
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/39');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByRole('heading', { name: 'Pagamento em análise' }).waitFor({ timeout: 15_000 });
    // Away from /pagamento nothing polls the order; My tickets does not ask the gateway either.
    await page.goto('about:blank');
    const mine = async () => {
      const answer = await page.request.get(`${server.url}/api/tickets/mine`);
      const body = (await answer.json()) as { upcoming: { tickets: unknown[] }[] };
      return body.upcoming.reduce((n, event) => n + event.tickets.length, 0);
    };
    expect(await mine()).toBe(0);
    await expect.poll(mine, { timeout: 15_000, interval: 500 }).toBe(1);
  });
});
