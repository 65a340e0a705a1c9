import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPicPayStandIn, type TPicPayStandIn } from '../apps/api/src/testing/picpay-stand-in.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const TOKEN = 'journey-picpay-token-0123456789';
const SELLER_TOKEN = 'journey-picpay-seller-token-0123456789';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * Issue 31 item 12: PicPay as the site's gateway (a stand-in of its E-commerce API and page, which
 * this machine cannot reach). The payment page offers only PicPay's page (no card form, no Pix);
 * the buyer pays there, PicPay calls back, and the order page shows the tickets.
 */
describe('checkout journey with PicPay as the gateway (a stand-in of its API and page)', () => {
  let stage: TPurchaseStage;
  let picpay: TPicPayStandIn;

  beforeAll(async () => {
    picpay = await startPicPayStandIn(TOKEN, SELLER_TOKEN);
    stage = await openPurchaseStage('checkout-picpay', {
      PAYMENT_GATEWAY: 'picpay',
      PICPAY_TOKEN: TOKEN,
      PICPAY_SELLER_TOKEN: SELLER_TOKEN,
      PICPAY_API_BASE: picpay.url,
    });
  });
  afterAll(async () => {
    await closePurchaseStage(stage);
    await picpay?.close();
  });

  it('pays on PicPay’s page: no card or Pix here, the callback settles the order, the tickets show', async () => {
    const { server, smtp, f } = stage;
    const page = await newPage(stage.browser, MOBILE);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/pagamento`);
    const toPicPay = page.getByRole('button', { name: 'Ir para a página segura de pagamento' });
    await toPicPay.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('radio', { name: 'Cartão de crédito' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Pix' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await toPicPay.click();

    await page.waitForURL(`${picpay.url}/checkout/**`);
    const request = [...picpay.payments.values()][0]!;
    expect(request.value).toBe(110);
    await page.getByRole('button', { name: 'Pagar com PicPay' }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
    expect(picpay.payments.get(request.referenceId)?.status).toBe('paid');
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.getByText('1 ingresso', { exact: true }).waitFor();
  });
});
