import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { recordBodiesToUs } from './support/card-data.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const ORDER_PAGE = /\/pedido\/[0-9a-f-]{36}$/;
const SHOTS = path.resolve(import.meta.dirname, '../test-results/split');

/**
 * Ways to pay: multi-payment. The buyer splits one order across two cards on /pagamento, each
 * typed into the sandbox gateway's own card form in turn: a declined card is tried again with
 * another (the approved one stays); a split interrupted by a reload is restored and finished.
 */
describe('a purchase split across several cards', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stage = await openPurchaseStage('checkout-split');
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  async function open(page: Page, url: string) {
    await page.goto(url);
    await waitForHydration(page);
  }

  /** A verified buyer with one Pista ticket (R$ 110,00 with its fee) in the cart, on /pagamento. */
  async function buyerOnPayment(device: BrowserContextOptions = {}) {
    const page = await newPage(browser, device);
    const bodies = recordBodiesToUs(page, server);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/pagamento`);
    return { page, bodies };
  }

  async function fillCard(page: Page, number: string) {
    await page.getByLabel('Número do cartão').fill(number);
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/39');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
  }

  const partRow = (page: Page, position: number) =>
    page.getByRole('listitem').filter({ hasText: `Cartão ${position}` });

  it('splits R$ 110,00 across two cards: the second is declined, tried again with another card, and the order is paid', async () => {
    const { page, bodies } = await buyerOnPayment();
    await page.getByLabel('Dividir em mais de um cartão').check();
    await page.getByRole('heading', { name: 'Pagamento em mais de um cartão' }).waitFor();
    await page.getByLabel('Quantos cartões').selectOption('2');
    // Below the minimum: told at once, nothing to pay.
    await page.getByLabel('Valor do cartão 1').fill('107,00');
    await page.getByText('Cada cartão deve pagar pelo menos R$ 5,00.').waitFor();
    expect(await page.getByRole('button', { name: /^Pagar cartão/ }).count()).toBe(0);
    await page.getByLabel('Valor do cartão 1').fill('40,00');
    await page.getByText('Cartão 2: R$ 70,00 (o que falta)').waitFor();

    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByLabel('Parcelas do cartão 1').selectOption('2');
    const payFirst = page.getByRole('button', { name: /^Pagar cartão 1 de 2: R\$/ });
    await expect.poll(() => payFirst.isEnabled(), { timeout: 15_000 }).toBe(true);
    await payFirst.click();
    await partRow(page, 1).filter({ hasText: 'Aprovado' }).waitFor({ timeout: 15_000 });
    expect(await partRow(page, 1).textContent()).toContain('VISA **** 1111');
    await partRow(page, 1).filter({ hasText: '2x' }).waitFor();
    await page.getByText('Falta pagar R$ 70,00').waitFor();

    // The second card: declined.
    const paySecond = page.getByRole('button', { name: 'Pagar cartão 2 de 2: R$ 70,00' });
    await expect.poll(() => paySecond.isEnabled(), { timeout: 15_000 }).toBe(true);
    await fillCard(page, '4000 0000 0000 0002');
    await paySecond.click();
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'O pagamento do cartão 2 não foi autorizado. Tente outro cartão para esta parte ou desista do pagamento dividido.',
      })
      .waitFor({ timeout: 15_000 });
    await partRow(page, 2).filter({ hasText: 'Recusado' }).waitFor();
    await partRow(page, 1).filter({ hasText: 'Aprovado' }).waitFor();
    await page
      .getByText('Use outro cartão para o cartão 2. Os cartões aprovados continuam aprovados.')
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'declined-1280.png'), fullPage: true });

    // Another card for the same part: approved, the order is paid and its page opens.
    await fillCard(page, '5031 4332 1540 6351');
    await expect.poll(() => paySecond.isEnabled()).toBe(true);
    await paySecond.click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
    // The receipt shows the split: each approved card with what it was charged, not one "credit card".
    await page.getByText('Pagamento dividido em 2 cartões').waitFor();
    await page.getByText(/final 1111: R\$/).waitFor();
    await page.getByText(/final 6351: R\$\s70,00/).waitFor();
    expect(await page.getByText('Cartão de crédito', { exact: true }).count()).toBe(0);
    // The card numbers typed went to the gateway's form only, never to our server.
    expect(bodies.length).toBeGreaterThan(0);
    for (const pan of ['4111111111111111', '4000000000000002', '5031433215406351'])
      for (const body of bodies) expect(body.replace(/[\s-]/g, '')).not.toContain(pan);
  });

  it.each([
    ['desktop', {}, 1280],
    ['phone', MOBILE, 375],
  ] as const)(
    'on a %s, a split interrupted by a reload is restored with its masked card and finished',
    async (_name, device, width) => {
      const { page } = await buyerOnPayment(device);
      await page.getByLabel('Dividir em mais de um cartão').check();
      await page.getByLabel('Valor do cartão 1').fill('55,00');
      await page.getByText('Cartão 2: R$ 55,00 (o que falta)').waitFor();
      await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
      await fillCard(page, '4111 1111 1111 1111');
      const payFirst = page.getByRole('button', { name: 'Pagar cartão 1 de 2: R$ 55,00' });
      await expect.poll(() => payFirst.isEnabled(), { timeout: 15_000 }).toBe(true);
      await payFirst.click();
      await partRow(page, 1).filter({ hasText: 'Aprovado' }).waitFor({ timeout: 15_000 });

      // The tab reloads: the split comes back from the server, the approved card masked.
      await page.reload();
      await waitForHydration(page);
      await page.getByText(/Você tem um pagamento dividido em andamento para/).waitFor();
      await partRow(page, 1).filter({ hasText: 'Aprovado' }).waitFor();
      expect(await partRow(page, 1).textContent()).toContain('VISA **** 1111');
      await partRow(page, 2).filter({ hasText: 'Aguardando' }).waitFor();
      await page.getByText('Falta pagar R$ 55,00').waitFor();
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((e) => `${e.tagName}.${e.className}`),
      );
      expect(wider).toEqual([]);
      await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(SHOTS, `restored-${width}.png`), fullPage: true });

      await fillCard(page, '5031 4332 1540 6351');
      const paySecond = page.getByRole('button', { name: 'Pagar cartão 2 de 2: R$ 55,00' });
      await expect.poll(() => paySecond.isEnabled(), { timeout: 15_000 }).toBe(true);
      await paySecond.click();
      await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
      await waitForHydration(page);
      await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
    },
  );
});
