import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard, verifiedPerson } from './support/buyer.ts';
import { startServer, type TRunningServer } from './support/server.ts';

const SAMBA = 'noite-do-samba-de-raiz-lapa';
/** The demo's shared tables (issue 31): six seats each, sold one by one, at least three per buyer. */
const TABLE = 'C2';
const LINE = 'Mesas compartilhadas — Lugar avulso · Mesa 22';
const INCOMPLETE = 'Complete as mesas do seu carrinho antes de pagar.';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** On the seat map: chooses the shared table and adds one seat of it. */
async function addSeatOnMap(page: Page, serverUrl: string) {
  await open(page, `${serverUrl}/eventmap/${SAMBA}`);
  await page.locator(`[data-alias="${TABLE}"]`).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' });
  await added.waitFor();
  await added.getByRole('button', { name: 'Fechar' }).click();
}

/** The table's line on /carrinho and its seat count. */
const line = (page: Page) => page.getByRole('listitem').filter({ hasText: LINE });
const seats = (page: Page) => line(page).locator('output');

/** Serious or critical accessibility violations on the page as it is now. */
async function axeSerious(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${v.nodes[0]?.target}`);
}

/** From /carrinho through identification to /pagamento with the card filled in. */
async function toPayment(page: Page) {
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await page.waitForURL(/\/identificacao$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await page.waitForURL(/\/pagamento$/);
  await waitForHydration(page);
  await fillSandboxCard(page);
}

describe('an open table, completed seat by seat in the cart (issue 31)', { timeout: 180_000 }, () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('adds seats from the map and the cart, takes one away, and pays only once the table is complete', async () => {
    const page = await newPage(browser);
    await verifiedPerson(page, server.url, smtp);

    // One seat from the map, then the same table again: a second seat (it answered 409 before).
    await addSeatOnMap(page, server.url);
    await addSeatOnMap(page, server.url);
    await open(page, `${server.url}/carrinho`);
    await line(page).waitFor();
    expect(await seats(page).textContent()).toBe('2');
    await line(page).getByText('Faltam lugares: o mínimo desta mesa é 3.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Há mesas com menos lugares que o mínimo' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);

    // The cart's + adds a seat at a time; − gives one back.
    await page.getByRole('button', { name: 'Adicionar um lugar na Mesa 22' }).click();
    await expect.poll(() => seats(page).textContent()).toBe('3');
    await page.getByRole('button', { name: 'Adicionar um lugar na Mesa 22' }).click();
    await expect.poll(() => seats(page).textContent()).toBe('4');
    await page.getByRole('button', { name: 'Tirar um lugar da Mesa 22' }).click();
    await expect.poll(() => seats(page).textContent()).toBe('3');
    await line(page).getByText('Mesa compartilhada: mínimo de 3 lugares.').waitFor();
    expect(await page.getByText('Há mesas com menos lugares que o mínimo').count()).toBe(0);
    expect(await line(page).textContent()).toContain('R$\u00a0210,00');

    await toPayment(page);

    // Meanwhile, in another tab of the same buyer, a seat goes back: the table is short again.
    const other = await page.context().newPage();
    await open(other, `${server.url}/carrinho`);
    await other.getByRole('button', { name: 'Tirar um lugar da Mesa 22' }).click();
    await expect.poll(() => seats(other).textContent()).toBe('2');
    await other.close();

    // The payment refuses it, says why, and takes the buyer to the map to complete the table.
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByText(INCOMPLETE).first().waitFor();
    await page.waitForURL(new RegExp(`/eventmap/${SAMBA}$`));
    await waitForHydration(page);
    // The map says which table is short, and by how much.
    await page.getByText('Mesa 22: 2 no carrinho, mínimo 3').waitFor();
    expect(await axeSerious(page)).toEqual([]);

    // The third seat again, from the map; then the payment goes through.
    await page.locator(`[data-alias="${TABLE}"]`).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/carrinho`);
    await expect.poll(() => seats(page).textContent()).toBe('3');
    await toPayment(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
  });
});
