/**
 * Issue 36: screenshots of half-price (meia-entrada) at 1280 and 375 px, into
 * docs/screens/half-price-*.png: the identification with a student's half-price holder, the event
 * page of a section whose quota is used ('Meia-entrada esgotada'), and /meia-entrada. Its own
 * server on a throwaway database; needs `npm run build` first. `node scripts/screens/half-price.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { eq } from '../../apps/api/src/db/orm.ts';
import { events } from '../../apps/api/src/db/schema/index.ts';
import { createCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { addHalfPrice, inDays } from '../../e2e/support/half-price.ts';
import { overflowingElements } from '../../e2e/support/overflow.ts';
import { repoRoot, startServer } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const WIDTHS = [1280, 375] as const;

async function shoot(page: Page, url: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(url);
    await waitForHydration(page);
    await ready(page);
    // The page as it opens (a focused field had scrolled it: the sticky header would sit mid-shot).
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    const wide = await overflowingElements(page);
    if (wide.length) console.log(`${name}-${width} overflows:`, wide.slice(0, 8).join(' | '));
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
    console.log(`docs/screens/${name}-${width}.png`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-half-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const f = await createCartFixture(database.db);
  const halfLot = await addHalfPrice(database.db, f.eventId, f.lotId, 8, 0);
  await addHalfPrice(database.db, f.otherEventId, f.otherEventLotId, 4, 4);
  await database.db
    .update(events)
    .set({ name: 'Festival Samba de Verão 2026' })
    .where(eq(events.id, f.eventId));
  await database.db.update(events).set({ name: 'Noite do Choro' }).where(eq(events.id, f.otherEventId));
  await database.close();
  const smtp = await startTestSmtpServer();
  const server = await startServer(
    { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' },
    dataDir,
  );
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await verifiedPerson(page, server.url, smtp);
    await page.request.post(`${server.url}/api/v4/addtocart`, { data: { lotId: halfLot, quantity: 1 } });
    await shoot(page, `${server.url}/identificacao`, 'half-price-identification', async (p) => {
      const half = p.getByRole('group', { name: /Pista — Meia/ });
      await half.getByLabel('Categoria da meia-entrada').waitFor();
      await half.getByLabel('CPF do ingresso 1').fill('529.982.247-25');
      await half.getByLabel('Categoria da meia-entrada').selectOption({ label: 'Estudante' });
      await half.getByLabel('Código da CIE (certificado de autenticidade)').fill('AB12CD34EF');
      await half.getByLabel('Entidade emissora da CIE').selectOption('UNE');
      await half.getByLabel('Validade da CIE').fill(inDays(200));
      await p.getByText('CPF liberado').waitFor({ timeout: 15_000 });
    });
    await shoot(page, `${server.url}/events/${f.otherSlug}`, 'half-price-sold-out', async (p) => {
      await p.getByText('Meia-entrada esgotada', { exact: true }).waitFor();
    });
    await shoot(page, `${server.url}/meia-entrada`, 'half-price-page', async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor();
    });
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
