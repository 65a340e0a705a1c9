/**
 * `npm run commissioner:link -- <hash> [days]`: prints the signed link to a commissioner's sales
 * view (/comissario/vendas), valid for `days` (default COMMISSIONER_SALES_LINK_DAYS). Give it to
 * the commissioner only; a new link does not end older ones before their expiry.
 */
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createLinkSecret } from '../accounts/secrets.ts';
import { findCommissioner } from './find-commissioner.ts';
import { salesToken } from './sales-link.ts';

async function main(): Promise<number> {
  const [hash, days] = process.argv.slice(2);
  if (!hash) {
    console.error('usage: npm run commissioner:link -- <commissioner hash> [days]');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const commissioner = await findCommissioner(database.db, { hash }, 'pt-BR').catch(() => null);
    if (!commissioner) {
      console.error(`${hash}: Comissário não encontrado (unknown or inactive)`);
      return 1;
    }
    const valid = Number(days ?? config.COMMISSIONER_SALES_LINK_DAYS);
    const expiresAt = new Date(Date.now() + Math.max(1, Math.min(90, valid)) * 86_400_000);
    const secret = await createLinkSecret(database, config.LINK_SECRET)();
    const token = salesToken(secret, commissioner.id, expiresAt);
    console.log(`${commissioner.name}: ${config.publicUrl}/comissario/vendas?token=${token}`);
    console.log(`valid until ${expiresAt.toISOString()}`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
