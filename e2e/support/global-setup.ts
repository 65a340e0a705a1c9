import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { seedDemoData } from '../../apps/api/src/modules/demo/seed-demo-data.ts';
import { buildWebOnce } from '../../apps/api/src/testing/api-global-setup.ts';
import { PGLITE_DEMO_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, RUN_DIR_ENV } from './data-dir.ts';

/**
 * The e2e project's global setup, run once before any journey: the web build when it is missing
 * or stale (every server serves it), one migrated PGlite data directory that each journey's
 * server copies (e2e/support/data-dir.ts), the same with the demo catalogue loaded, and a folder
 * for the run's locks (alone.ts). Removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  buildWebOnce();
  const template = mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-template-'));
  const database = await openDatabase({ dataDir: template });
  await migrateDatabase(database);
  await database.close();
  // The same with the demo catalogue, as the server's first start with DEMO_DATA on leaves it.
  const demoTemplate = mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-demo-template-'));
  cpSync(template, demoTemplate, { recursive: true });
  const demo = await openDatabase({ dataDir: demoTemplate });
  await seedDemoData(demo, createLogger('silent'));
  await demo.close();
  // `npm test` gives both of its Vitest processes one run folder (the fault suites run beside the
  // API files, the journeys in the other process), so that the locks of alone.ts hold across both.
  const given = process.env[RUN_DIR_ENV];
  const runDir = given ?? mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-run-'));
  // The workers are started after this, with this process's environment.
  process.env[PGLITE_TEMPLATE_ENV] = template;
  process.env[PGLITE_DEMO_TEMPLATE_ENV] = demoTemplate;
  process.env[RUN_DIR_ENV] = runDir;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    delete process.env[PGLITE_DEMO_TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
    rmSync(demoTemplate, { recursive: true, force: true });
    if (given) return;
    delete process.env[RUN_DIR_ENV];
    rmSync(runDir, { recursive: true, force: true });
  };
}
