import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '~': path.resolve(import.meta.dirname, 'apps/web/app') };

/**
 * Three suites, run together by `npm test` (scripts/test.ts):
 * - unit: pure rules and components, beside their code (`*.test.ts[x]`);
 * - api: HTTP integration tests on PGlite, and on PostgreSQL too when DATABASE_URL is set (`*.int.test.ts`);
 * - e2e: browser journeys in Chromium against a real server process (`e2e/*.e2e.ts`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/app/**/*.test.{ts,tsx}',
            'apps/api/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          // The web build, once, before the files that serve pages need it.
          globalSetup: ['apps/api/src/testing/web-build-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One worker goes on from file to file instead of a fresh one per file: each file made
          // its own apps (and databases) already, and loading the app's modules again for each of
          // the 81 files was a third of this project's CPU (12.3 -> 8.5 min alone, on both databases).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          // *.pg.e2e.ts need a PostgreSQL server: they exist in the run only when DATABASE_URL is set.
          include: ['e2e/**/*.e2e.ts'],
          exclude: process.env.DATABASE_URL
            ? ['**/node_modules/**']
            : ['**/node_modules/**', 'e2e/**/*.pg.e2e.ts'],
          // The web build and one migrated PGlite data directory the servers copy, once per run.
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/end-servers.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file runs its own server and browser; two cores fit two at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
