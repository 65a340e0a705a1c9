/**
 * The state the money pages of `npm run bench:web` are measured in, built through the server's own
 * API and pages as the e2e journeys build it: one verified buyer who has paid for one ticket (order
 * confirmation, My tickets) and then holds two more in a cart (cart, identification, payment), and
 * who has not answered the cookie banner yet, as on a first visit from a new browser (issue 31
 * item 15). Lighthouse gets the buyer's cookies in its browser's jar; e2e/first-visit.e2e.ts uses
 * the same state.
 */
import type { Page } from 'playwright-core';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, waitForHydration } from '../e2e/support/browser.ts';
import { verifiedPerson } from '../e2e/support/buyer.ts';
import { COOKIE_CONSENT_NAME } from '../packages/domain/src/cookie-consent.ts';
import type { TCookie } from './lighthouse.ts';

const FESTIVAL = 'festival-sons-do-cerrado';

export type TWebState = {
  /** The cookies of a logged-in buyer with a cart and a paid order, and no cookie choice. */
  buyerCookies: TCookie[];
  /** That buyer's paid order. */
  orderId: string;
};

async function holdTickets(page: Page, url: string, count: number) {
  await page.goto(`${url}/events/${FESTIVAL}`);
  await waitForHydration(page);
  const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
  for (let i = 0; i < count; i += 1) await more.click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
  // The refund protection is a required choice before paying (the demo events offer it).
  const chosen = await page.request.post(`${url}/api/cart/protection`, { data: { provider: 'none' } });
  if (!chosen.ok()) throw new Error(`protection: ${chosen.status()} ${await chosen.text()}`);
}

/** The context's cookies, but never a cookie choice: the banner is still to be answered. */
async function cookiesOf(page: Page): Promise<TCookie[]> {
  return (await page.context().cookies())
    .filter(({ name }) => name !== COOKIE_CONSENT_NAME)
    .map(({ name, value, domain, path, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      httpOnly,
      secure,
      sameSite,
    }));
}

export async function buildWebState(url: string, smtp: TTestSmtpServer): Promise<TWebState> {
  const browser = await launchBrowser();
  try {
    const buyer = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
    const person = await verifiedPerson(buyer, url, smtp);
    await holdTickets(buyer, url, 1);
    const paid = await buyer.request.post(`${url}/checkout/v1`, {
      headers: { 'idempotency-key': `bench-${crypto.randomUUID()}` },
      data: {
        paymentType: 'credit_card',
        // The festival's tickets are named by CPF (§5): the buyer's own.
        identificationTickets: [{ indexItem: 0, cpfs: [person.cpf] }],
        card: {
          token: `sbx_apro_visa_1111_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`,
          installments: 1,
        },
      },
    });
    const { orderId } = (await paid.json()) as { orderId?: string };
    if (!paid.ok() || !orderId) throw new Error(`checkout: ${paid.status()} ${await paid.text()}`);
    // Then a new cart of two, held while the money pages are measured.
    await holdTickets(buyer, url, 2);
    return { buyerCookies: await cookiesOf(buyer), orderId };
  } finally {
    await browser.close();
  }
}
