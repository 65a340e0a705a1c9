import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard, verifiedPerson } from './support/buyer.ts';
import { overflowingElements } from './support/overflow.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('after paying: the confirmation page, the calendar file, My tickets and the QR code', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    stage = await openPurchaseStage('order');
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  it('buys 2 tickets by card in 3 installments, lands on the order with its number and amounts, downloads the .ics, opens the QR by keyboard; nothing overflows at 375 px', async () => {
    const page = await newPage(browser);
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/pagamento`);
    await fillSandboxCard(page);
    const pay = page.getByRole('button', { name: /^Pagar/ });
    const charged = (await pay.textContent())!.replace(/^Pagar\s*/, '').trim();
    await pay.click();

    // The confirmation page: number, status, what was paid and how, each ticket.
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await waitForHydration(page);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const number = orderId.slice(0, 8).toUpperCase();
    await page.getByRole('heading', { level: 1, name: `Pedido ${number}` }).waitFor();
    await page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor();
    // Issue 31: the header's cart stops counting the tickets just paid, without a reload.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    const cart = page.locator('header').getByRole('link', { name: /^Carrinho/ });
    await expect.poll(() => cart.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Carrinho');
    const summary = page.getByRole('complementary', { name: 'Resumo do pedido' });
    expect(await summary.getByRole('definition').last().textContent()).toBe(charged);
    await summary.getByText('Cartão de crédito Visa final 1111').waitFor();
    await summary.getByText('Taxas de serviço').waitFor();
    const items = page.getByRole('region', { name: /Ingressos do pedido/ }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    const cpf = person.cpf.replace(/\D/g, '');
    await items
      .first()
      .getByText(`Titular: ${person.name} · CPF ***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`)
      .waitFor();
    expect(await page.getByText(cpf).count()).toBe(0);
    await page.getByRole('heading', { name: 'O que acontece agora' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Add to calendar: a real iCalendar file of the event.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Adicionar à agenda' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${f.slug}.ics`);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Show ${f.slug}\r\n`);
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);

    // My tickets: a card per ticket, valid, holder hidden.
    await page.getByRole('link', { name: 'Meus ingressos' }).first().click();
    await page.waitForURL(/\/meus-ingressos$/);
    await waitForHydration(page);
    await page.getByRole('link', { name: /Próximos eventos\s*2 ingressos/ }).waitFor();
    const card = page.getByRole('article', { name: 'Ingresso 1 de 2' });
    await card.getByText('Válido', { exact: true }).waitFor();
    await card.getByRole('heading', { name: `Show ${f.slug}` }).waitFor();
    expect(await page.getByRole('article', { name: /^Ingresso \d de 2$/ }).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    // The QR full-screen, by keyboard: Enter opens it, Escape closes it and focus goes back.
    const show = card.getByRole('button', { name: 'Mostrar QR code do ingresso 1' });
    await show.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Show ${f.slug}` });
    await dialog.waitFor();
    await dialog.getByText('Aumente o brilho da tela').waitFor();
    const size = await dialog.getByRole('img', { name: 'QR code do ingresso 1' }).boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(300);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Mostrar QR code do ingresso 1',
    );

    // At 375 px nothing sticks out sideways, the QR dialog included.
    await page.setViewportSize({ width: 375, height: 740 });
    for (const url of [`/pedido/${orderId}`, '/meus-ingressos', `/detalhes-do-ingresso/${f.eventId}`]) {
      await open(page, `${server.url}${url}`);
      expect(await overflowingElements(page), url).toEqual([]);
    }
    await page.getByRole('button', { name: 'Mostrar QR code do ingresso 1' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await page.context().close();
  });

  it("another buyer's order is a 404 page; logged out, the order sends to the login and back", async () => {
    const owner = await newPage(browser);
    await verifiedPerson(owner, server.url, smtp);
    const answer = await owner.request.post(`${server.url}/api/v4/addtocart`, {
      data: { lotId: f.lotId, quantity: 1 },
    });
    const { sessionID } = (await answer.json()) as { sessionID: string };
    const paid = await owner.request.post(`${server.url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': 'order-e2e-1' },
      data: {
        paymentType: 'credit_card',
        card: { token: `sbx_apro_visa_1111_${'a'.repeat(16)}`, installments: 1 },
      },
    });
    const { orderId } = (await paid.json()) as { orderId: string };
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    const stranger = await newPage(browser);
    await verifiedPerson(stranger, server.url, smtp);
    const seen = await stranger.goto(`${server.url}/pedido/${orderId}`);
    expect(seen?.status()).toBe(404);

    const anonymous = await newPage(browser);
    const login = await anonymous.goto(`${server.url}/pedido/${orderId}`);
    expect(login?.status()).toBe(200);
    expect(anonymous.url()).toBe(`${server.url}/login?redirect=${encodeURIComponent(`/pedido/${orderId}`)}`);
    await owner.context().close();
    await stranger.context().close();
    await anonymous.context().close();
  });
});
