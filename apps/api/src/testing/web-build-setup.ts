import { buildWeb, webBuildIsStale } from '../../../../scripts/build-web.ts';

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

/** Vitest global setup of the api project (vitest.config.ts). */
export default function setup(): void {
  buildWebOnce();
}
