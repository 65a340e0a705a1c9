/**
 * The state the money pages of `npm run bench:web` are measured in, built through the server's own
 * API and pages as the e2e journeys build it: a verified buyer holding two tickets in a cart (cart,
 * identification, payment), and another who has paid for one (order confirmation, My tickets).
 * Lighthouse gets each buyer's cookies as a request header (its storage reset clears the jar).
 */
import type { Page } from 'playwright-core';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, waitForHydration } from '../e2e/support/browser.ts';
import { verifiedPerson } from '../e2e/support/buyer.ts';

const FESTIVAL = 'festival-sons-do-cerrado';

export type TWebState = {
  /** The Cookie header of a buyer with a cart. */
  cartCookies: string;
  /** The Cookie header of a buyer with a paid order, and that order's id. */
  paidCookies: string;
  orderId: string;
};

async function holdTwoTickets(page: Page, url: string) {
  await page.goto(`${url}/events/${FESTIVAL}`);
  await waitForHydration(page);
  const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
  await more.click();
  await more.click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
  // The refund protection is a required choice before paying (the demo events offer it).
  const chosen = await page.request.post(`${url}/api/cart/protection`, { data: { provider: 'none' } });
  if (!chosen.ok()) throw new Error(`protection: ${chosen.status()} ${await chosen.text()}`);
}

async function cookieHeader(page: Page) {
  return (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
}

export async function buildWebState(url: string, smtp: TTestSmtpServer): Promise<TWebState> {
  const browser = await launchBrowser();
  try {
    const holder = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
    await verifiedPerson(holder, url, smtp);
    await holdTwoTickets(holder, url);

    const payer = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
    await verifiedPerson(payer, url, smtp);
    await holdTwoTickets(payer, url);
    const paid = await payer.request.post(`${url}/checkout/v1`, {
      headers: { 'idempotency-key': `bench-${crypto.randomUUID()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: `sbx_apro_visa_1111_${crypto.randomUUID().slice(0, 16)}`, installments: 1 },
      },
    });
    const { orderId } = (await paid.json()) as { orderId?: string };
    if (!paid.ok() || !orderId) throw new Error(`checkout: ${paid.status()} ${await paid.text()}`);
    return { cartCookies: await cookieHeader(holder), paidCookies: await cookieHeader(payer), orderId };
  } finally {
    await browser.close();
  }
}
