/**
 * Issue 36: screenshots of the wallet buttons on a ticket in My tickets at 1280 and 375 px, into
 * docs/screens/wallet-*.png. Its own server on a throwaway database with the test certificates
 * (as `npm run wallet:test-certs` makes) and a throwaway Google key; needs `npm run build` first.
 * `node scripts/screens/wallet.ts`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { eq } from '../../apps/api/src/db/orm.ts';
import { events, venues } from '../../apps/api/src/db/schema/index.ts';
import { makeTestCerts } from '../../apps/api/src/modules/wallet/test-certs.ts';
import { createCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, newPage, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { repoRoot, startServer } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const WIDTHS = [1280, 375] as const;

async function shoot(page: Page, url: string, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(url);
    await waitForHydration(page);
    const apple = page.getByRole('link', { name: /Apple Wallet/ }).first();
    await apple.waitFor();
    await page
      .getByRole('button', { name: /Google Wallet/ })
      .first()
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`) });
    console.log(`docs/screens/${name}-${width}.png`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-wallet-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const f = await createCartFixture(database.db);
  await database.db
    .update(events)
    .set({ name: 'Festival Samba de Verão 2026' })
    .where(eq(events.id, f.eventId));
  const [event] = await database.db.select().from(events).where(eq(events.id, f.eventId));
  await database.db.update(venues).set({ name: 'Espaço Unimar Hall' }).where(eq(venues.id, event!.venueId));
  await database.close();
  const certs = makeTestCerts();
  const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const smtp = await startTestSmtpServer();
  const server = await startServer(
    {
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'off',
      DEMO_DATA: 'false',
      APPLE_WALLET_PASS_TYPE_ID: 'pass.br.com.bilheto.test',
      APPLE_WALLET_TEAM_ID: 'TESTTEAM01',
      APPLE_WALLET_CERT: certs.cert,
      APPLE_WALLET_KEY: certs.key,
      APPLE_WALLET_KEY_PASSPHRASE: certs.passphrase,
      APPLE_WALLET_WWDR_CERT: certs.wwdr,
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        client_email: 'wallet@bilheto-screens.iam.gserviceaccount.com',
        private_key: googleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      }),
    },
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
    const paid = await page.request.post(`${server.url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `screens-wallet-${Math.random()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: 'sbx_apro_visa_1111_screenswallet001', installments: 1 },
      },
    });
    if (!paid.ok()) throw new Error(`checkout: ${paid.status()} ${await paid.text()}`);
    await shoot(page, `${server.url}/meus-ingressos`, 'wallet-buttons');
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
