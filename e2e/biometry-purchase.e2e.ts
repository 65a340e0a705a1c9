import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import {
  biometryEnrolments,
  events,
  eventTickets,
  ticketLots,
  users,
} from '../apps/api/src/db/schema/index.ts';
import { brazilianAdult } from '../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { startServer, type TRunningServer } from './support/server.ts';

const masked = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * Issue 16: a ticket of a facial event (facialAtMomentOfPurchase) is blocked at identification until
 * its holder has ACTIVE biometry, then bought. The holder's ACTIVE status is written through the
 * biometry_enrolments table with the server stopped (PGlite has one writer); the webcam enrolment
 * itself is another journey's (bio-screens).
 */
describe('buying a ticket of a facial event waits for the holder’s biometry', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-biometry-purchase-'));
  const holder = brazilianAdult({ name: 'Carla Nunes Prado' });

  const start = async () => {
    server = await startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' }, dataDir);
  };

  beforeAll(async () => {
    const database = await migrateAndOpen();
    f = await createCartFixture(database.db);
    const [lot] = await database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await database.db.update(events).set({ facialIsActive: true }).where(eq(events.id, f.eventId));
    await database.db
      .update(eventTickets)
      .set({ facialAtMomentOfPurchase: true, ticketsPerCpf: 1 })
      .where(eq(eventTickets.id, lot!.ticketId));
    await database.close();
    smtp = await startTestSmtpServer();
    await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function migrateAndOpen() {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    return database;
  }

  it('blocks Continue and names the holder to enrol, sends the link, then lets the buyer pay once ACTIVE', async () => {
    const page = await newPage(browser);
    // The holder has an account of their own.
    const registered = await page.request.post(`${server.url}/api/registerclient`, { data: holder });
    expect(registered.status()).toBe(201);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/events/${f.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/identificacao`);
    await page.getByLabel('CPF do ingresso 1').fill(masked(holder.cpf));
    const panel = page.getByTestId('biometry-holders');
    await panel.getByText('precisa cadastrar a biometria').waitFor({ timeout: 15_000 });
    await page
      .getByText('O pagamento fica disponível quando todos os titulares tiverem a biometria ativa.')
      .waitFor();
    const next = page.getByRole('button', { name: 'Continuar para o pagamento' });
    expect(await next.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Enviar o link de cadastro' }).click();
    await panel
      .getByText('Enviamos o link de cadastro da biometria para o e-mail da conta desse CPF.')
      .waitFor();
    expect(await page.getByText(holder.email).count()).toBe(0);
    const link = await smtp.waitFor(holder.email, /biometria facial/);
    expect(link.text).toContain(`${server.url}/reconhecimento-facial`);

    // The holder enrols (status written with the server stopped; it comes back on another port, and
    // cookies are per host, so the buyer stays signed in), and the page sees it.
    await server.stop();
    const database = await migrateAndOpen();
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.document, holder.cpf));
    await database.db.insert(biometryEnrolments).values({ userId: row!.id, status: 2 });
    await database.close();
    await start();
    await open(page, `${server.url}/identificacao`);
    await page.getByLabel('CPF do ingresso 1').fill(masked(holder.cpf));
    await page.getByTestId('biometry-holders').getByText('biometria ativa').waitFor({ timeout: 15_000 });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/39');
    await page.getByLabel('Código de segurança (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
  });
});
