import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { eq } from '../apps/api/src/db/orm.ts';
import { events, orders, payments, sandboxCharges } from '../apps/api/src/db/schema/index.ts';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const NOT_AUTHORIZED =
  'Seu pagamento não foi autorizado, por favor, tente novamente. Recomendamos que tente com outro cartão ou por outro meio de pagamento.';
const ORDER_PAGE = /\/pedido\/[0-9a-f-]{36}$/;
/** Where the journeys' screenshots go (looked at by hand at 1280 and 375 px). */
const SHOTS = process.env.SHOTS_DIR;

/** 'R$ 213,47' → 21347. */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Issue 15 journeys: a card whose issuer asks for a 3-D Secure challenge, approved and denied at
 * the sandbox issuer's page; 3x with interest charged exactly as the page showed it; an event
 * asking for the NF-e document (CPF or alphanumeric CNPJ), masked as typed and validated.
 */
describe('ways to pay: 3-D Secure, installments with interest, the NF-e document', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;
  /** What the page showed for the installments journey, checked against the tables at the end. */
  let shown: { orderId: string; totalCents: number; installments: number } | null = null;
  let nfeOrderId = '';

  beforeAll(async () => {
    // The second event asks for the NF-e document (its catalogue flag).
    stage = await openPurchaseStage('ways-to-pay', {}, async (db, fixture) => {
      await db.update(events).set({ nfeMandatory: true }).where(eq(events.id, fixture.otherEventId));
    });
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  async function buyerWithCart(slug: string, quantity = 1, mobile = false) {
    const page = await newPage(browser, mobile ? MOBILE : {});
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${slug}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    for (let i = 0; i < quantity; i += 1) await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, `${server.url}/pagamento`);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    return page;
  }

  async function fillCard(page: Page, number: string) {
    await page.getByLabel('Número do cartão').fill(number);
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/39');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
  }

  /** Pays with the 3DS test card and reaches the sandbox issuer's page. */
  async function toTheIssuer(page: Page, tag: string) {
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page
      .getByRole('heading', { name: 'Confirme a compra com o seu banco' })
      .waitFor({ timeout: 15_000 });
    await shot(page, `${tag}-challenge`);
    await page.getByRole('link', { name: 'Continuar para o banco' }).click();
    await page.waitForURL(/\/sandbox-gateway\/3ds\/sbx[0-9a-f]{20}\?return=/);
    await page.getByRole('heading', { name: 'Autenticação do cartão' }).waitFor();
    await shot(page, `${tag}-issuer`);
  }

  it('3DS approved: the issuer asks, the buyer approves at the bank, comes back, the order is paid', async () => {
    const page = await buyerWithCart(f.slug);
    await toTheIssuer(page, '3ds-approve-1280');
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
  });

  it("3DS denied: the spec's not-authorised message; another try with another card is approved", async () => {
    const page = await buyerWithCart(f.slug, 1, true);
    await toTheIssuer(page, '3ds-deny-375');
    await page.getByRole('button', { name: 'Recusar' }).click();
    await page.getByRole('alert').filter({ hasText: NOT_AUTHORIZED }).waitFor({ timeout: 15_000 });
    await shot(page, '3ds-deny-375-declined');
    expect(page.url()).toContain('/pagamento?order=');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.waitForURL(/\/pagamento$/);
    // The cart came back: the card form again, another card.
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
  });

  it('NF-e: the page asks for the document, masks it as typed, refuses wrong check digits, pays with an alphanumeric CNPJ', async () => {
    const page = await buyerWithCart(f.otherSlug);
    await page.getByRole('heading', { name: 'Nota fiscal (NF-e)' }).waitFor();
    await fillCard(page, '4111 1111 1111 1111');
    const field = page.getByLabel('CPF ou CNPJ');
    const pay = page.getByRole('button', { name: /^Pagar/ });
    // Nothing typed: paying points at the field; nothing is charged.
    await pay.click();
    await page.getByText('Informe o CPF ou CNPJ para a emissão da nota fiscal (NF-e).').waitFor();
    expect(page.url()).toMatch(/\/pagamento$/);
    // Typed digit by digit, as a person does: the CPF mask grows.
    await field.pressSequentially('52998224726');
    expect(await field.inputValue()).toBe('529.982.247-26');
    await page.getByText('CPF inválido. Confira os números.').waitFor();
    await pay.click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/pagamento$/);
    await field.fill('');
    await field.pressSequentially('12abc34501de35');
    expect(await field.inputValue()).toBe('12.ABC.345/01DE-35');
    await page.getByText('CNPJ válido').waitFor();
    await shot(page, 'nfe-1280');
    await pay.click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    nfeOrderId = new URL(page.url()).pathname.split('/').pop()!;
  });

  it('the NF-e field on a phone: masked as typed (375 px)', async () => {
    const page = await buyerWithCart(f.otherSlug, 1, true);
    const field = page.getByLabel('CPF ou CNPJ');
    await field.pressSequentially('52998224725');
    expect(await field.inputValue()).toBe('529.982.247-25');
    await page.getByText('CPF válido').waitFor();
    await shot(page, 'nfe-375');
  });

  it('3x with interest: the installment table, the button and the order charge the same amount, to the cent', async () => {
    const page = await buyerWithCart(f.slug, 2);
    // The installment table opens from its summary line, as a person taps it.
    await page.locator('summary', { hasText: 'Parcelas' }).click();
    const three = page.getByRole('radio', { name: /^3x/ });
    await three.check();
    const row = page.locator('label').filter({ has: three });
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toMatch(/a\.m\./);
    const pay = page.getByRole('button', { name: /^Pagar/ });
    const buttonCents = cents((await pay.textContent()) ?? '');
    // The row's total (its last amount) is the button's amount: n × the installment shown.
    const amounts = [...rowText.matchAll(/R\$\s?[\d.]+,\d{2}/g)].map((m) => cents(m[0]));
    expect(amounts.at(-1)).toBe(buttonCents);
    expect(amounts[0]! * 3).toBe(buttonCents);
    // The card last (the gateway's form is drawn again for the amount chosen).
    await fillCard(page, '4111 1111 1111 1111');
    await shot(page, 'installments-1280');
    await pay.click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    shown = {
      orderId: new URL(page.url()).pathname.split('/').pop()!,
      totalCents: buttonCents,
      installments: 3,
    };
  });

  it('the tables agree with what the pages showed: the gateway charged exactly it; the NF-e document is on its order', async () => {
    expect(shown).not.toBeNull();
    // The server's database is read once it has stopped (one process holds PGlite at a time).
    await server.stop();
    const database = await openDatabase({ dataDir: stage!.dataDir });
    try {
      const [order] = await database.db.select().from(orders).where(eq(orders.id, shown!.orderId));
      expect(order).toMatchObject({ totalCents: shown!.totalCents, installments: 3 });
      expect(order!.interestCents).toBeGreaterThan(0);
      const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, shown!.orderId));
      const [charge] = await database.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.externalRef, payment!.id));
      expect(charge).toMatchObject({ amountCents: shown!.totalCents, installments: 3, status: 'approved' });
      const [nfe] = await database.db.select().from(orders).where(eq(orders.id, nfeOrderId));
      expect(nfe!.nfeDocument).toBe('12ABC34501DE35');
    } finally {
      await database.close();
    }
  });
});
