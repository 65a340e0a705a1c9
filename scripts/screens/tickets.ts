/**
 * Part of `npm run screens` (scripts/screens.ts): screenshots of the screens after paying (the order confirmation in each
 * state, My tickets, the QR dialog, ticket details, the empty state) at 1280 and 375 px, into
 * docs/screens/. Starts its own server on a throwaway database; needs `npm run build` first.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { eq, inArray } from '../../apps/api/src/db/orm.ts';
import { events, ticketLots, venues } from '../../apps/api/src/db/schema/index.ts';
import { uniqueCpf } from '../../apps/api/src/testing/accounts.ts';
import { createCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { repoRoot, startServer, type TRunningServer } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const WIDTHS = [1280, 375] as const;

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const paid = await createCartFixture(database.db);
  const free = await createCartFixture(database.db);
  const past = await createCartFixture(database.db);
  const names: [number, string][] = [
    [paid.eventId, 'Festival Samba de Verão 2026'],
    [paid.otherEventId, 'Orquestra Sinfônica: Noite de Trilhas de Cinema'],
    [free.eventId, 'Roda de Choro no Parque — entrada gratuita'],
    [past.eventId, 'Stand-up: Risadas de Quinta'],
  ];
  for (const [id, name] of names) await database.db.update(events).set({ name }).where(eq(events.id, id));
  const all = await database.db
    .select()
    .from(events)
    .where(
      inArray(
        events.id,
        names.map(([id]) => id),
      ),
    );
  const places = ['Espaço Unimar Hall', 'Parque Villa-Lobos', 'Teatro Gazeta'];
  const venueIds = [...new Set(all.map((e) => e.venueId))];
  for (const [index, id] of venueIds.entries())
    await database.db
      .update(venues)
      .set({
        name: places[index] ?? `Espaço ${index}`,
        address: 'Avenida das Nações Unidas',
        addressNumber: '12.551',
      })
      .where(eq(venues.id, id));
  await database.db
    .update(ticketLots)
    .set({ priceCents: 0, feeBp: 0, processingFeeCents: 0 })
    .where(eq(ticketLots.id, free.lotId));
  await database.close();
  return { paid, free, past };
}

/** Makes an event already over (the server must be stopped: PGlite has one connection). */
async function moveToPast(dataDir: string, eventId: number) {
  const database = await openDatabase({ dataDir });
  await database.db
    .update(events)
    .set({ startsAt: new Date(Date.now() - 12 * 86_400_000), revision: 99 })
    .where(eq(events.id, eventId));
  await database.close();
}

type TBuyer = { page: Page; cpf: string; email: string };

async function buyer(
  browser: Browser,
  server: TRunningServer,
  smtp: Awaited<ReturnType<typeof startTestSmtpServer>>,
) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const person = await verifiedPerson(page, server.url, smtp);
  return { page, cpf: person.cpf.replace(/\D/g, ''), email: person.email } satisfies TBuyer;
}

async function buy(server: TRunningServer, b: TBuyer, lotId: number, quantity: number, payment: object) {
  const added = await b.page.request.post(`${server.url}/api/v4/addtocart`, { data: { lotId, quantity } });
  const { sessionID } = (await added.json()) as { sessionID: string };
  const paid = await b.page.request.post(`${server.url}/checkout/v1`, {
    headers: { 'x-session-id': sessionID, 'idempotency-key': `screens-${Math.random()}` },
    data: payment,
  });
  return ((await paid.json()) as { orderId: string }).orderId;
}

const card = (outcome: 'apro' | 'pend' | 'rej', installments = 1) => ({
  paymentType: 'credit_card',
  card: {
    token: `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`,
    installments,
  },
});

async function shoot(page: Page, url: string, name: string, after?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(url);
    await waitForHydration(page);
    if (after) await after(page);
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: !after });
    console.log(`docs/screens/${name}-${width}.png`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-'));
  const smtp = await startTestSmtpServer();
  const env = { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' };
  const { paid, free, past } = await seed(dataDir);
  let server = await startServer(env, dataDir);
  const browser = await launchBrowser();
  try {
    const ana = await buyer(browser, server, smtp);
    const approved = await buy(server, ana, paid.lotId, 3, card('apro', 3));
    await buy(server, ana, paid.otherEventLotId, 1, card('apro'));
    const freeOrder = await buy(server, ana, free.lotId, 2, { paymentType: 'free' });
    await buy(server, ana, past.lotId, 1, card('apro'));
    // One ticket goes to Bia, who accepts; another waits for a CPF with no account yet.
    const bia = await buyer(browser, server, smtp);
    const mine = (await (
      await ana.page.request.get(`${server.url}/api/tickets/mine?eventId=${paid.eventId}`)
    ).json()) as {
      upcoming: { tickets: { id: string }[] }[];
    };
    const [, second, third] = mine.upcoming[0]!.tickets;
    await ana.page.request.post(`${server.url}/api/transferTicket/createUserNotification`, { data: {} });
    const code = (await smtp.waitFor(ana.email, /Código/)).text.match(/\b(\d{6})\b/)![1]!;
    await ana.page.request.post(`${server.url}/api/validateTransferCode`, { data: { code } });
    await ana.page.request.post(`${server.url}/api/transferTicket/addTicketTransfer`, {
      data: { ticketId: second!.id, destinationCpf: bia.cpf },
    });
    await ana.page.request.post(`${server.url}/api/transferTicket/addTicketTransfer`, {
      data: { ticketId: third!.id, destinationCpf: uniqueCpf() },
    });
    const received = (await (
      await bia.page.request.get(`${server.url}/api/transferTicket/getUserTransfers?direction=received`)
    ).json()) as { transfers: { id: string }[] };
    for (const transfer of received.transfers)
      await bia.page.request.put(`${server.url}/api/transferTicket/confirmTransfer`, {
        data: { transferId: transfer.id },
      });

    const cris = await buyer(browser, server, smtp);
    const review = await buy(server, cris, paid.otherEventLotId, 1, card('pend'));
    const dani = await buyer(browser, server, smtp);
    const pix = await buy(server, dani, paid.otherEventLotId, 2, { paymentType: 'pix' });
    const edu = await buyer(browser, server, smtp);
    const declined = await buy(server, edu, paid.otherEventLotId, 1, card('rej'));
    const empty = await buyer(browser, server, smtp);

    await shoot(ana.page, `${server.url}/pedido/${approved}`, 'order-approved');
    await shoot(ana.page, `${server.url}/pedido/${freeOrder}`, 'order-free');
    await shoot(cris.page, `${server.url}/pedido/${review}`, 'order-review');
    await shoot(dani.page, `${server.url}/pedido/${pix}`, 'order-pix');
    await shoot(edu.page, `${server.url}/pedido/${declined}`, 'order-declined');
    await shoot(empty.page, `${server.url}/meus-ingressos`, 'my-tickets-empty');

    // The past event needs the server stopped to move its date (one PGlite connection).
    await server.stop();
    await moveToPast(dataDir, past.eventId);
    server = await startServer(env, dataDir);
    const origin = new URL(server.url).origin;
    const relogin = async (b: TBuyer) => {
      // The session cookie is for the old port: carry it to the new one.
      const cookies = await b.page.context().cookies();
      await b.page.context().addCookies(cookies.map(({ name, value }) => ({ name, value, url: origin })));
    };
    await relogin(ana);
    await shoot(ana.page, `${server.url}/meus-ingressos`, 'my-tickets');
    await shoot(ana.page, `${server.url}/meus-ingressos?aba=realizados`, 'my-tickets-past');
    await shoot(ana.page, `${server.url}/detalhes-do-ingresso/${paid.eventId}`, 'ticket-details');
    await shoot(ana.page, `${server.url}/meus-ingressos`, 'ticket-qr-dialog', async (page) => {
      await page.getByRole('button', { name: 'Mostrar QR code do ingresso 1' }).click();
      await page.getByRole('dialog').waitFor();
    });
    // A foreign buyer's view: the same pages in English.
    await ana.page.goto(`${server.url}/idioma?lang=en&redirect=/`);
    await shoot(ana.page, `${server.url}/pedido/${approved}`, 'order-approved-en');
    await shoot(ana.page, `${server.url}/meus-ingressos`, 'my-tickets-en');
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
