import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = { '~': path.resolve(import.meta.dirname, 'apps/web/app') };
/** malloc_trim's test measures the worker's resident memory: it needs a heap no other file has used. */
const OWN_HEAP = 'apps/api/src/malloc-trim.test.ts';

/**
 * Files that run for minutes start first, each in its project's queue, so that none of them is
 * the tail of its run (the 300 buyers behind one address, 2-4 min under the suite's load, were
 * sorted by size near the end and ran alone for their last two minutes).
 */
// The webcam journeys are not among them: started at once beside the rush and the API's heaviest
// files, their fake camera fell behind twice in four runs ('the camera shows no phase strip').
const LONG_FIRST = [
  'apps/api/src/http/routes/carrier-buyers.int.test.ts',
  'apps/api/src/http/routes/fuzz.int.test.ts',
  'apps/api/src/adapters/biometry/rekognition.int.test.ts',
  'apps/api/src/http/routes/biometry-rekognition.int.test.ts',
  'apps/api/src/adapters/biometry/local-face-engine.test.ts',
  'e2e/cart-concurrency.pg.e2e.ts',
  'e2e/payment-faults.pg.e2e.ts',
  'e2e/cart.e2e.ts',
  'e2e/shell-behaviour.e2e.ts',
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? LONG_FIRST.length : at;
    };
    // Within each project (the base order keeps projects apart), the long files first; the rest
    // as the base sequencer had them.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

/**
 * The PostgreSQL fault suites that start servers but no browser: `npm test` runs them in its
 * in-process Vitest (project `faults`), beside the unit and API files, which finished minutes
 * before the journeys did; the journeys keep the browser files. Alone, `--project e2e` still finds
 * them (the `faults` project is the same files when run by name).
 */
export const FAULT_SUITES = [
  'e2e/payment-faults.pg.e2e.ts',
  'e2e/cart-concurrency.pg.e2e.ts',
  'e2e/outbox.pg.e2e.ts',
  'e2e/refund-faults.pg.e2e.ts',
  'e2e/catalogue-lot-removal.pg.e2e.ts',
  'e2e/waiting-room.pg.e2e.ts',
  'e2e/half-price-quota.pg.e2e.ts',
  'e2e/onsale-day.pg.e2e.ts',
];
const e2eShared = {
  // The web build and one migrated PGlite data directory the servers copy, once per run.
  globalSetup: ['e2e/support/global-setup.ts'],
  setupFiles: ['e2e/support/end-servers.ts'],
  // A slow machine (the same suite took twice as long on one session's machine) must not fail a test that waits.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // expect.poll's own default is 1 s: on a loaded CI machine a client navigation's new heading, or
  // a rotating code's next value after the clock moved, came later than that (three journeys failed
  // so in one run). A poll that passes returns as soon as it does; only a failing one waits longer.
  expect: { poll: { timeout: 15_000, interval: 100 } },
};

/**
 * Three suites, run together by `npm test` (scripts/test.ts):
 * - unit: pure rules and components, beside their code (`*.test.ts[x]`), and unit-own-heap: the one
 *   of them that measures its process's memory;
 * - api: HTTP integration tests on PGlite, and on PostgreSQL too when DATABASE_URL is set (`*.int.test.ts`);
 * - e2e: browser journeys in Chromium against a real server process (`e2e/*.e2e.ts`).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/app/**/*.test.{ts,tsx}',
            'apps/console/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', OWN_HEAP],
          // One worker goes on from file to file (half the project's CPU was starting workers).
          isolate: false,
        },
      },
      {
        // The file that reads the process's own heap, in a worker of its own.
        test: { name: 'unit-own-heap', include: [OWN_HEAP] },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          // *.pg.int.test.ts test PostgreSQL's own parts: they exist in the run only when DATABASE_URL is set.
          exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.int.test.ts'])],
          // The web build and the migrated database templates, once, before any file needs them.
          globalSetup: ['apps/api/src/testing/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
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
          exclude: [
            '**/node_modules/**',
            ...(process.env.DATABASE_URL ? [] : ['e2e/**/*.pg.e2e.ts']),
            // `npm test` runs these in the other process (project `faults`).
            ...(process.env.BILHETO_FAULTS_APART === '1' ? FAULT_SUITES : []),
          ],
          ...e2eShared,
          // Each file runs its own servers; two cores fit two files at a time (three finished no
          // sooner, the cores being busy throughout either way, and used 7 % more CPU).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'faults',
          // They need a PostgreSQL server: without DATABASE_URL the project has no file.
          include: process.env.DATABASE_URL ? FAULT_SUITES : [],
          ...e2eShared,
        },
      },
    ],
  },
});
