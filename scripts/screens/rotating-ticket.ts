/**
 * Issue 35: screenshots of the holder's rotating ticket (My tickets' card, the code opened, the
 * offline page) at 1280 and 375 px, into docs/screens/rotating-ticket-*.png. Its own server on a
 * throwaway database; needs `npm run build` first. `node scripts/screens/rotating-ticket.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { eq, sql } from '../../apps/api/src/db/orm.ts';
import { events, venues } from '../../apps/api/src/db/schema/index.ts';
import { createCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { repoRoot, startServer } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const WIDTHS = [1280, 375] as const;

async function shoot(page: Page, url: string, name: string, after?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(url);
    await waitForHydration(page);
    if (after) await after(page);
    await page
      .getByRole('img', { name: /Código de entrada/ })
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: !after });
    console.log(`docs/screens/${name}-${width}.png`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-rotating-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const f = await createCartFixture(database.db);
  await database.db
    .update(events)
    .set({ name: 'Festival Samba de Verão 2026' })
    .where(eq(events.id, f.eventId));
  await database.db.execute(sql`update events set ticket_code = 'rotating' where id = ${f.eventId}`);
  const [event] = await database.db.select().from(events).where(eq(events.id, f.eventId));
  await database.db.update(venues).set({ name: 'Espaço Unimar Hall' }).where(eq(venues.id, event!.venueId));
  await database.close();
  const smtp = await startTestSmtpServer();
  const server = await startServer(
    { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' },
    dataDir,
  );
  const browser = await launchBrowser();
  try {
    // A returning buyer: the cookie banner already answered.
    const page = await newPage(browser);
    await verifiedPerson(page, server.url, smtp);
    const added = await page.request.post(`${server.url}/api/v4/addtocart`, {
      data: { lotId: f.lotId, quantity: 1 },
    });
    const { sessionID } = (await added.json()) as { sessionID: string };
    await page.request.post(`${server.url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `screens-rotating-${Math.random()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: 'sbx_apro_visa_1111_screensrotating1', installments: 1 },
      },
    });
    await shoot(page, `${server.url}/meus-ingressos`, 'rotating-ticket-dialog', async (p) => {
      await p.getByRole('button', { name: 'Mostrar QR code do ingresso 1' }).click();
      await p.getByRole('dialog').waitFor();
    });
    await shoot(page, `${server.url}/meus-ingressos/offline`, 'rotating-ticket-offline');
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
