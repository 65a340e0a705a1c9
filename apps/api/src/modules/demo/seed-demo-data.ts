import type { TDatabase } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import type { TLogger } from '../../logger.ts';
import { importCatalogue } from '../catalogue/import-catalogue.ts';
import { applyDemoSales } from './apply-demo-sales.ts';
import { demoCatalogue } from './demo-catalogue.ts';

/** Any fixed number, distinct from the migration lock. */
const SEED_LOCK = 7_245_002;

/**
 * Records the installation's first start once, whichever of several processes gets there first,
 * and loads the demo catalogue (dated from that day) the first time.
 */
export async function seedDemoData(
  database: TDatabase,
  log: TLogger,
  today: Date = new Date(),
): Promise<void> {
  await database.withLock(SEED_LOCK, async () => {
    const inserted = await database.db
      .insert(appMeta)
      .values({ key: 'installed_at', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length > 0) log.info('new installation');

    await inTransaction(database.db, async (db) => {
      const marked = await db
        .insert(appMeta)
        .values({ key: 'demo_catalogue_loaded_at', value: today.toISOString() })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      if (marked.length === 0) return;
      const result = await importCatalogue(db, demoCatalogue(today));
      if (!result.ok) throw new Error(`demo catalogue refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
      await applyDemoSales(db);
      log.info('demo catalogue loaded', { events: result.created.length });
    });
  });
}
