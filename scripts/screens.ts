import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { eventTickets } from '../apps/api/src/db/schema/index.ts';
import { startTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { checkoutScreens } from './screens/checkout.ts';
import { openTableScreens } from './screens/open-table.ts';

/**
 * `npm run screens` (after `npm run build`): screenshots of the screens people spend money on,
 * into docs/screens/, to be looked at before a change ships. Demo data, a throwaway database.
 */
const out = path.resolve(import.meta.dirname, '../docs/screens');
mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-'));
const smtp = await startTestSmtpServer();
const env = { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' };
try {
  // A first start seeds the demo catalogue; then every ticket gets a per-CPF limit, as many events have.
  await (await startServer(env, dataDir)).stop();
  const database = await openDatabase({ dataDir });
  await database.db.update(eventTickets).set({ ticketsPerCpf: 4 });
  await database.close();
  const server = await startServer(env, dataDir);
  const browser = await launchBrowser();
  try {
    await checkoutScreens(browser, server.url, smtp, out);
    await openTableScreens(browser, server.url, smtp, out);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`screens written to ${out}`);
// Then the screens after paying (their own server and data: scripts/screens/tickets.ts).
await import('./screens/tickets.ts');
// commerce §1's currency switch (its own server: scripts/screens/currency.ts).
await import('./screens/currency.ts');
// Issue 33: every screen of the operator's console (its own server: scripts/screens/console.ts).
await import('./screens/console.ts');
// Issue 34: the producer's console (its own server: scripts/screens/console-producer.ts).
await import('./screens/console-producer.ts');
// Issue 35: the gate app at 375 px (its own server and camera: scripts/screens/gate.ts).
await import('./screens/gate.ts');
