import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { TDb } from '../../apps/api/src/db/client.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { createCartFixture, type TCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser } from './browser.ts';
import { newDataDir } from './data-dir.ts';
import { startServer, type TRunningServer } from './server.ts';

export type TPurchaseStage = {
  browser: Browser;
  smtp: TTestSmtpServer;
  server: TRunningServer;
  /** The cart fixture's events, lots and places (apps/api/src/testing/cart-fixture.ts). */
  f: TCartFixture;
  dataDir: string;
};

/**
 * The stage of a purchase journey: the cart fixture in a fresh data directory (`prepare` may
 * change it before the server starts: a per-CPF limit, a free event), a real SMTP server, the
 * server process on them with the captcha off and no demo data (plus `env`), and Chromium.
 */
export async function openPurchaseStage(
  tag: string,
  env: Record<string, string> = {},
  prepare?: (db: TDb, f: TCartFixture) => Promise<void>,
): Promise<TPurchaseStage> {
  const dataDir = newDataDir(tag);
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const f = await createCartFixture(database.db);
  await prepare?.(database.db, f);
  await database.close();
  const smtp = await startTestSmtpServer();
  const server = await startServer(
    { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false', ...env },
    dataDir,
  );
  return { browser: await launchBrowser(), smtp, server, f, dataDir };
}

/** Closes what `openPurchaseStage` opened (whatever of it a failed start left). */
export async function closePurchaseStage(stage: Partial<TPurchaseStage> | undefined) {
  await stage?.browser?.close();
  await stage?.server?.stop();
  await stage?.smtp?.close();
  if (stage?.dataDir) rmSync(stage.dataDir, { recursive: true, force: true });
}
