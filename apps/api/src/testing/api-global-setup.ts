import { buildWeb, webBuildIsStale } from '../../../../scripts/build-web.ts';
import { migratedPgliteDump, migratedPostgresTemplate } from './migrated-template.ts';

/**
 * The web build, made once per test run before any file needs it: API tests that serve pages
 * (`createTestApp(…, { web: true })`) and every browser journey load apps/web/build. Without
 * this a fresh clone (no build yet) failed those files in setup, or built it in several workers
 * at once over each other. `npm test` builds first as well; this covers `npx vitest run …`.
 */
export function buildWebOnce(): void {
  if (webBuildIsStale()) {
    console.log('Building the web app (missing or older than its sources)…');
    buildWeb();
  }
}

/**
 * Vitest global setup of the api project (vitest.config.ts): the web build, and the migrated
 * database templates made once before any file starts. Made by the first files' beforeAll
 * instead, on a fresh clone, two workers each migrated a PGlite while the type-check and the
 * journeys took the cores, and both hooks ran past their minute.
 */
export default async function setup(): Promise<void> {
  buildWebOnce();
  await migratedPgliteDump();
  if (process.env.DATABASE_URL) await migratedPostgresTemplate(process.env.DATABASE_URL);
}
