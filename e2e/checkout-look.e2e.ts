import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../apps/api/src/db/orm.ts';
import { eventTickets, ticketLots } from '../apps/api/src/db/schema/index.ts';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/** Issue 13, "A checkout people trust": what a new buyer met on the cart, identification and payment. */
describe('the checkout screens a new buyer meets', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    stage = await openPurchaseStage('checkout-look', {}, async (db, fixture) => {
      const [lot] = await db.select().from(ticketLots).where(eq(ticketLots.id, fixture.lotId));
      await db.update(eventTickets).set({ ticketsPerCpf: 2 }).where(eq(eventTickets.id, lot!.ticketId));
    });
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  async function open(page: Page, url: string) {
    await page.goto(url);
    await waitForHydration(page);
  }

  async function buyerWithCart(device: BrowserContextOptions = {}) {
    const page = await newPage(browser, device);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    return page;
  }

  /** The holder's CPF (the buyer's own), then on to /pagamento, as the ticket limits tickets per CPF. */
  async function identifiedToPayment(page: Page) {
    await open(page, `${server.url}/identificacao`);
    await page.getByRole('button', { name: 'Usar meu CPF' }).click();
    await page.getByText('CPF liberado').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
  }

  const seriousA11y = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes[0]?.target}`);

  const wider = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px`),
    );

  it.each([
    ['desktop', {}],
    ['phone', MOBILE],
  ] as const)(
    'on a %s, every step shows the steps, the event, the timer; nothing is wider than the screen; axe finds nothing serious',
    async (_name, device) => {
      const page = await buyerWithCart(device);
      for (const [step, url] of [
        ['Carrinho', '/carrinho'],
        ['Identificação', '/identificacao'],
        ['Pagamento', '/pagamento'],
      ] as const) {
        await open(page, `${server.url}${url}`);
        const steps = page.getByRole('navigation', { name: 'Etapas da compra' });
        await expect.poll(() => steps.locator('[aria-current="step"]').textContent()).toContain(step);
        // The event is named (it was only 'Pista — Inteira'), with its venue.
        await page.getByText(`Show ${f.slug}`).first().waitFor({ state: 'attached' });
        await expect.poll(() => page.getByRole('timer').first().textContent()).toMatch(/\d\d:\d\d/);
        expect(await wider(page)).toEqual([]);
        expect(await seriousA11y(page)).toEqual([]);
      }
    },
  );

  it('tells the per-CPF limit on identification', async () => {
    const page = await buyerWithCart();
    await open(page, `${server.url}/identificacao`);
    await page.getByText('Limite de 2 ingressos por CPF').waitFor();
  });

  it('shows every amount beside the card form, names the brand, and puts a card error under its field', async () => {
    const page = await buyerWithCart();
    await identifiedToPayment(page);
    const summary = page.getByRole('complementary', { name: 'Resumo do pedido' });
    expect(await summary.textContent()).toMatch(/Subtotal.*Taxa de conveniência.*Total/);
    const number = page.getByLabel('Número do cartão');
    await number.waitFor({ timeout: 15_000 });
    await number.fill('5555 5555 5555 4444');
    await page.getByText('Bandeira do cartão: Mastercard').waitFor();
    await number.fill('4111 1111 1111 1111');
    await page.getByText('Bandeira do cartão: Visa').waitFor();
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    const expiry = page.getByLabel('Validade (MM/AA)');
    await expiry.fill('01/20');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect.poll(() => expiry.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await expiry.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Validade inválida.');
    // Expiry and CVV side by side: same row.
    const cvvBox = await page.getByLabel('Código de segurança (CVV)').boundingBox();
    expect(Math.abs(cvvBox!.y - (await expiry.boundingBox())!.y)).toBeLessThan(2);
    // The installment table: each plan with its total.
    await page.locator('summary', { hasText: 'Parcelas' }).click();
    expect(await page.getByRole('radio', { name: /^1x/ }).count()).toBe(1);
  });

  it("titles a Pix the buyer just made 'Pague com Pix', with a countdown and how to pay", async () => {
    const page = await buyerWithCart(MOBILE);
    await identifiedToPayment(page);
    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('button', { name: /^Gerar Pix/ }).click();
    await page.getByRole('heading', { name: 'Pague com Pix' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Existe uma compra em andamento' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('timer').last().textContent())
      .toMatch(/Tempo para pagar: \d\d:\d\d/);
    await page.getByText('Como pagar pelo app do banco').waitFor();
    expect(await wider(page)).toEqual([]);
  });
});
