import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../apps/api/src/db/orm.ts';
import { commissionerEvents, commissioners, events } from '../apps/api/src/db/schema/index.ts';
import { salesToken } from '../apps/api/src/modules/commissioners/sales-link.ts';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard, verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const SHOTS = path.resolve(import.meta.dirname, '../test-results/commissioner');
const LINK_SECRET = 'commissioner-journey-link-secret-0123456789';
const SELLER = { hash: 'revenda-praia-01', name: 'Revenda Praia Ingressos' };
const CLOSED = { hash: 'revenda-fechada-01', name: 'Revenda Fechada' };

/**
 * Commissioner mode (commerce §2, §6): a buyer enters through a commissioner's link, sees its
 * simplified header and landing page, buys, and the order is the commissioner's (seller, channel
 * and the commissioner's refund value); the commissioner sees the sale in its own view and CSV.
 */
describe('commissioner mode', { timeout: 180_000 }, () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;
  let sellerId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stage = await openPurchaseStage('commissioner', { LINK_SECRET }, async (db, fixture) => {
      // Refund service: 10 % on the site, 5 % when a commissioner sells.
      await db
        .update(events)
        .set({
          refundSiteActive: true,
          refundSitePercentBp: 1000,
          refundCommissionerActive: true,
          refundCommissionerPercentBp: 500,
        })
        .where(eq(events.id, fixture.eventId));
      const [seller] = await db.insert(commissioners).values(SELLER).returning();
      const [closed] = await db
        .insert(commissioners)
        .values({ ...CLOSED, active: false })
        .returning();
      sellerId = seller!.id;
      await db.insert(commissionerEvents).values([
        { commissionerId: seller!.id, eventId: fixture.eventId },
        { commissionerId: closed!.id, eventId: fixture.eventId },
      ]);
    });
    ({ browser, smtp, server, f } = stage);
  }, 120_000);
  afterAll(() => closePurchaseStage(stage));

  async function open(page: Page, url: string) {
    const response = await page.goto(url);
    await waitForHydration(page);
    return response;
  }

  it('enters by the link, buys, and the order is the commissioner’s with its refund value; the commissioner sees it and its CSV', async () => {
    const page = await newPage(browser);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/?id=${SELLER.hash}`);
    // The simplified header: the commissioner's name with its caption, an account button that goes nowhere.
    const header = page.getByRole('banner');
    await header.getByText(SELLER.name).waitFor();
    await header.getByText('Comissario autorizado').waitFor();
    const account = header.getByRole('button', { name: /Minha conta|Ana|[A-Z]/ });
    expect(await account.getAttribute('aria-disabled')).toBe('true');
    expect(await header.getByRole('link', { name: 'Meus ingressos' }).count()).toBe(0);
    // Its landing page lists only the events it sells.
    await page.getByRole('heading', { level: 1, name: `Ingressos com ${SELLER.name}` }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(`Show ${f.slug}`) }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: new RegExp(`Show ${f.otherSlug}`) }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'landing-1280.png'), fullPage: true });

    // Mode stays on other pages (the cookie), and an event it does not sell is not offered.
    const notSold = await open(page, `${server.url}/events/${f.otherSlug}`);
    expect(notSold?.status()).toBe(404);

    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('banner').getByText(SELLER.name).waitFor();
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/carrinho`);
    // The commissioner's refund value (5 %), not the site's (10 %).
    await page.getByLabel(/Quero proteger minha compra \(5%/).click();
    const totals = page.getByRole('complementary', { name: 'Resumo da compra' });
    await expect.poll(() => totals.textContent()).toContain('Proteção de reembolsoR$\u00a05,50');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/identificacao$/);
    await waitForHydration(page);
    // Plain tickets need no holder here: the buyer is the holder.
    await page.screenshot({ path: path.join(SHOTS, 'identification-1280.png'), fullPage: true });
    const next = page.getByRole('button', { name: 'Continuar para o pagamento' });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await waitForHydration(page);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
    await page.getByText(`Vendido por ${SELLER.name} (Comissario autorizado)`).waitFor();
    const receipt = (await (
      await page.request.get(`${server.url}/api/checkout/orders/${orderId}`)
    ).json()) as {
      receipt: { protection: number; seller: unknown };
    };
    expect(receipt.receipt.protection).toBe(5.5);
    expect(receipt.receipt.seller).toEqual({
      channel: 2,
      origin: 'SiteCommissioner',
      commissioner: { id: sellerId, name: SELLER.name },
    });

    // The commissioner's own view, by its signed link.
    const token = salesToken(
      new TextEncoder().encode(LINK_SECRET),
      sellerId,
      new Date(Date.now() + 86_400_000),
    );
    const desk = await newPage(browser);
    await open(desk, `${server.url}/comissario/vendas?token=${token}`);
    await desk.getByRole('heading', { level: 1, name: `Vendas de ${SELLER.name}` }).waitFor();
    expect(await desk.getByTestId('sales-orders').textContent()).toBe('1');
    expect(await desk.getByTestId('sales-tickets').textContent()).toBe('1');
    expect(await desk.getByTestId('sales-refund').textContent()).toBe('R$\u00a05,50');
    await desk.getByRole('cell', { name: orderId.slice(0, 8).toUpperCase() }).waitFor();
    await desk.screenshot({ path: path.join(SHOTS, 'sales-1280.png'), fullPage: true });
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('link', { name: 'Baixar CSV' }).click(),
    ]);
    const file = await download.path();
    const csv = (await import('node:fs')).readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe('pedido,pago_em,evento_id,evento,ingressos,total,servico_reembolso,moeda,status');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.split(',')).toEqual([
      orderId,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      String(f.eventId),
      `Show ${f.slug}`,
      '1',
      '115.50',
      '5.50',
      'BRL',
      'pago',
    ]);

    // A tampered link shows nothing of the sales.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await open(desk, `${server.url}/comissario/vendas?token=${forged}`);
    expect(refused?.status()).toBe(403);
    await desk.getByText('Link de vendas inválido ou expirado. Peça um novo link.').waitFor();
    expect(await desk.getByText(orderId.slice(0, 8).toUpperCase()).count()).toBe(0);
  });

  it('an unknown or inactive commissioner id shows "Comissário não encontrado"', async () => {
    for (const hash of ['revenda-que-nao-existe', CLOSED.hash]) {
      const page = await newPage(browser);
      const response = await open(page, `${server.url}/?id=${hash}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Comissário não encontrado' }).waitFor();
      expect(await page.getByText(CLOSED.name).count()).toBe(0);
      await page.close();
    }
  });

  it('on a phone: the header keeps the name and caption, the landing and the ticket pages fit', async () => {
    const page = await newPage(browser, MOBILE);
    await open(page, `${server.url}/?id=${SELLER.hash}`);
    await page.getByRole('banner').getByText('Comissario autorizado').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'landing-375.png'), fullPage: true });
    // The commissioner-site ticket pages: its events, then one event's tickets.
    await open(page, `${server.url}/Home/WebsiteTickets`);
    await page.getByRole('heading', { level: 1, name: `Ingressos com ${SELLER.name}` }).waitFor();
    await open(page, `${server.url}/Home/Website/${f.eventId}`);
    await page.getByRole('heading', { level: 1, name: `Ingressos de Show ${f.slug}` }).waitFor();
    await page.getByRole('cell', { name: /Pista — Inteira/ }).waitFor();
    await page.getByRole('link', { name: 'Comprar ingressos' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'tickets-375.png'), fullPage: true });
    const elsewhere = await open(page, `${server.url}/Home/Website/${f.otherEventId}`);
    expect(elsewhere?.status()).toBe(404);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
