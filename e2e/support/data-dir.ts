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
/** Also set by the global setup: the same template with the demo catalogue loaded into it. */
export const PGLITE_DEMO_TEMPLATE_ENV = 'BILHETO_E2E_PGLITE_DEMO_TEMPLATE';

/**
 * A fresh PGlite data directory: a copy of the run's migrated template when there is one, else
 * empty (the server or the test then creates and migrates it). Creating a PGlite database costs
 * about 5 s of CPU (its initdb) and migrating it 1 s more, against a quarter of a second to copy
 * the 40 MB template: the e2e suite starts some 70 databases. What the copy holds is what a
 * fresh data directory holds after `migrateDatabase`, and nothing else; with `demo`, what it holds
 * after the server's first start with DEMO_DATA on as well (the demo catalogue, dated from the
 * run's start, which a server then finds loaded instead of spending a second of CPU loading it).
 */
export function newDataDir(tag = 'e2e', { demo = false }: { demo?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), `bilheto-${tag}-`));
  const template = process.env[demo ? PGLITE_DEMO_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true });
  return dir;
}
