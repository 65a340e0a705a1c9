import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Set by the e2e project's global setup (e2e/support/global-setup.ts): a PGlite data directory,
 * made once per run and migrated, that each journey's server starts from (a copy).
 */
export const PGLITE_TEMPLATE_ENV = 'BILHETO_E2E_PGLITE_TEMPLATE';
/** Also set by the global setup: a folder of the run's own, for the locks of e2e/support/alone.ts. */
export const RUN_DIR_ENV = 'BILHETO_E2E_RUN_DIR';

/**
 * A fresh PGlite data directory: a copy of the run's migrated template when there is one, else
 * empty (the server or the test then creates and migrates it). Creating a PGlite database costs
 * about 5 s of CPU (its initdb) and migrating it 1 s more, against a quarter of a second to copy
 * the 40 MB template: the e2e suite starts some 70 databases. What the copy holds is what a
 * fresh data directory holds after `migrateDatabase`, and nothing else (no demo data: the server
 * still seeds that at start, dated from then).
 */
export function newDataDir(tag = 'e2e'): string {
  const dir = mkdtempSync(path.join(tmpdir(), `bilheto-${tag}-`));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true });
  return dir;
}
