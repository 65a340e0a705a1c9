import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard, verifiedPerson } from './support/buyer.ts';
import { addHalfPrice, inDays } from './support/half-price.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

const masked = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** Issue 36: a student's half-price ticket bought beside a full-price one, and a section whose quota is used. */
describe('half-price (meia-entrada) in the storefront', () => {
  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    stage = await openPurchaseStage('half-price', {}, async (db, f) => {
      // The event for sale: a quota of 8 half-price units in its Pista, none sold yet.
      await addHalfPrice(db, f.eventId, f.lotId, 8, 0);
      // The other event: its Pista's quota of 4 is used up.
      await addHalfPrice(db, f.otherEventId, f.otherEventLotId, 4, 4);
    });
  });
  afterAll(() => closePurchaseStage(stage));

  it('buys an Inteira and a student Meia with their holders, pays by card, and My tickets labels the Meia', async () => {
    const { browser, server, smtp, f } = stage!;
    const page = await newPage(browser);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('link', { name: 'Meia-entrada', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Aumentar Pista — Meia' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/identificacao`);
    const full = page.getByRole('group', { name: /Pista — Inteira/ });
    const half = page.getByRole('group', { name: /Pista — Meia/ });
    await full.getByLabel('CPF do ingresso 1').fill(masked(uniqueCpf()));
    await half.getByLabel('CPF do ingresso 1').fill(masked(uniqueCpf()));
    await half.getByLabel('Categoria da meia-entrada').selectOption({ label: 'Estudante' });
    await half.getByLabel('Código da CIE (certificado de autenticidade)').fill('AB12CD34EF');
    await half.getByLabel('Entidade emissora da CIE').selectOption('UNE');
    await half.getByLabel('Validade da CIE').fill(inDays(200));
    await expect.poll(() => page.getByText('CPF liberado').count(), { timeout: 15_000 }).toBe(2);
    const next = page.getByRole('button', { name: 'Continuar para o pagamento' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    // What the payment sends: the student's claim on the Meia's holder.
    const paid = page.waitForRequest((request) => new URL(request.url()).pathname === '/checkout/v1');
    await next.click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    expect(JSON.stringify((await paid).postDataJSON())).toContain('"category":"student"');
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();

    await open(page, `${server.url}/meus-ingressos`);
    const cards = page.getByRole('article', { name: /^Ingresso \d de 2$/ });
    await expect.poll(() => cards.count()).toBe(2);
    const meia = cards.filter({ hasText: 'Pista · Meia' });
    await meia.getByRole('link', { name: 'MEIA-ENTRADA · Estudante' }).waitFor();
    expect(
      await cards
        .filter({ hasText: 'Pista · Inteira' })
        .getByText(/MEIA-ENTRADA/)
        .count(),
    ).toBe(0);
    await page.context().close();
  });

  it("shows 'Meia-entrada esgotada' where the section's quota is used, and no picker for it", async () => {
    const { browser, server, f } = stage!;
    const page = await newPage(browser);
    await open(page, `${server.url}/events/${f.otherSlug}`);
    await page.getByText('Meia-entrada esgotada', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Aumentar Pista — Meia' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).count()).toBe(1);
    await page.context().close();
  });
});
