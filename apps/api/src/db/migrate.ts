import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { TDatabase } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number; every process that migrates takes the same lock. */
export const MIGRATION_LOCK = 7_245_001;

/** Applies pending migrations; several processes starting together apply them once. */
export async function migrateDatabase(database: TDatabase): Promise<void> {
  await database.withLock(MIGRATION_LOCK, async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as PgliteDatabase, { migrationsFolder });
    } else {
      await migrateNodePg(database.db as NodePgDatabase, { migrationsFolder });
    }
  });
}
