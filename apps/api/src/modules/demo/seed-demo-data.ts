import type { TDatabase } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';
import type { TLogger } from '../../logger.ts';

/** Any fixed number, distinct from the migration lock. */
const SEED_LOCK = 7_245_002;

/**
 * Records the installation's first start once, whichever of several processes gets there first.
 * The demo catalogue hooks in here.
 */
export async function seedDemoData(database: TDatabase, log: TLogger): Promise<void> {
  await database.withLock(SEED_LOCK, async () => {
    const inserted = await database.db
      .insert(appMeta)
      .values({ key: 'installed_at', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length > 0) log.info('new installation');
  });
}
