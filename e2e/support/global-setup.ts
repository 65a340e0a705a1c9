import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { buildWebOnce } from '../../apps/api/src/testing/web-build-setup.ts';
import { PGLITE_TEMPLATE_ENV, RUN_DIR_ENV } from './data-dir.ts';

/**
 * The e2e project's global setup, run once before any journey: the web build when it is missing
 * or stale (every server serves it), one migrated PGlite data directory that each journey's
 * server copies (e2e/support/data-dir.ts), and a folder for the run's locks (alone.ts). Removed
 * when the run ends.
 */
export default async function setup(): Promise<() => void> {
  buildWebOnce();
  const template = mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-template-'));
  const database = await openDatabase({ dataDir: template });
  await migrateDatabase(database);
  await database.close();
  const runDir = mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-run-'));
  // The workers are started after this, with this process's environment.
  process.env[PGLITE_TEMPLATE_ENV] = template;
  process.env[RUN_DIR_ENV] = runDir;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    delete process.env[RUN_DIR_ENV];
    rmSync(template, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  };
}
