/**
 * `npm test`: the web build if stale, then side by side the type-check and lint, the unit and
 * API suites (one Vitest run) and the browser suite (another).
 * The last line printed is `N passed, N failed`. Browser journeys need Chromium: without it
 * they are not run and a loud line says so, and with E2E_REQUIRED=1 that is a failure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../e2e/support/browser.ts';
import { RUN_DIR_ENV } from '../e2e/support/data-dir.ts';
import { buildWeb, repoRoot, WEB_BUILT_FOR_RUN, webBuildIsStale } from './build-web.ts';

const npm = process.env.npm_execpath;
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const filters = process.argv.slice(2);

let failedSteps = 0;

if (webBuildIsStale()) {
  console.log('\n== building the web app for the browser journeys');
  buildWeb();
}
process.env[WEB_BUILT_FOR_RUN] = '1';

/**
 * The in-process projects, run by one Vitest (the journeys get another, below), and with
 * PostgreSQL the fault suites that start servers but no browser (vitest.config.ts FAULT_SUITES):
 * beside the API files, which finished minutes before the journeys did. Both Vitest processes share
 * one run folder, so the locks that keep a rush and a webcam capture apart (e2e/support/alone.ts)
 * hold across them.
 */
const inProcess = ['unit', 'unit-own-heap', 'api', ...(process.env.DATABASE_URL ? ['faults'] : [])];
process.env.BILHETO_FAULTS_APART = '1';
process.env[RUN_DIR_ENV] ??= mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-run-'));
const chrome = chromiumPath();
if (!chrome) {
  console.error(
    '\n!!!!! Chromium not found: the browser journeys did NOT run. Install it with ' +
      '`apt-get install -y chromium` or set CHROME_PATH. !!!!!\n',
  );
  if (process.env.E2E_REQUIRED === '1') failedSteps += 1;
}
console.log(
  process.env.DATABASE_URL
    ? '\n== API tests run on PGlite and on PostgreSQL (DATABASE_URL is set)'
    : '\n== API tests run on PGlite (set DATABASE_URL to run them on PostgreSQL too)',
);

type TRun = { name: string; report?: string; output: string; status: Promise<number> };

/** A child process; `quiet`: its output is kept and printed once it ends, not mixed into the others'. */
function start(name: string, command: string, args: string[], quiet: boolean): TRun {
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  const run: TRun = { name, output: '', status: Promise.resolve(1) };
  const keep = (chunk: Buffer) => {
    run.output += chunk;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  run.status = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return run;
}

/**
 * One Vitest process. In one process Vitest runs projects of different worker counts one group
 * after the other (the unit and API files, one worker by default on two cores, waited for the
 * journeys' two to finish), so the journeys and the in-process suites are two processes side by
 * side.
 */
function vitest(name: string, names: string[], quiet: boolean, workers?: string): TRun {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'vitest-')), 'report.json');
  const args = [bin('vitest'), 'run', ...names.flatMap((project) => ['--project', project])];
  if (workers) args.push(`--maxWorkers=${workers}`);
  // `npm test -- <files>`: only those files, in whichever run they belong to.
  if (filters.length > 0) args.push('--passWithNoTests', ...filters);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const run = start(name, process.execPath, [...args, ...reporters], quiet);
  run.report = report;
  return run;
}

// The type-check and lint beside the tests (they read the sources, and write nothing the tests read).
const check = npm
  ? start('check (typecheck + lint)', process.execPath, [npm, 'run', 'check', '--silent'], true)
  : start('check (typecheck + lint)', 'npm', ['run', 'check', '--silent'], true);
const withBrowser = chrome !== undefined;
const runs = [
  ...(withBrowser ? [vitest('browser journeys', ['e2e'], false)] : []),
  // Two workers (one by default on two cores): these files are CPU-bound in-process and, one at a
  // time, outlasted the journeys (about 12 min against 10, estimated); TEST_INPROCESS_WORKERS=1
  // gives the journeys more of the machine.
  vitest('unit and API suites', inProcess, withBrowser, process.env.TEST_INPROCESS_WORKERS ?? '2'),
];
const started = Date.now();
const all = [check, ...runs];
const statuses = await Promise.all(
  all.map(async (each) => {
    const status = await each.status;
    console.log(`\n== ${each.name} finished after ${Math.round((Date.now() - started) / 1000)} s`);
    return status;
  }),
);
for (const each of all.filter((r) => r.output)) {
  console.log(`\n== ${each.name}\n`);
  process.stdout.write(each.output);
}
if (statuses[0] !== 0) {
  console.error('check failed');
  failedSteps += 1;
}

type TFileResult = {
  name: string;
  status: string;
  message?: string;
  assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
};

/**
 * A file that failed with no failed test: it did not load, or a beforeAll/afterAll hook failed
 * (its tests are then marked skipped, and Vitest's counts of failed tests miss it).
 */
const failedOutsideTests = (file: TFileResult) =>
  file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');

/**
 * Each failed test as `file › test` and the first lines of its error, printed again at the very
 * end: a log that keeps only its tail (CI's) still says what failed.
 */
function failuresOf(files: TFileResult[]): string[] {
  const firstLines = (text = '') =>
    text
      .split('\n')
      .filter((line) => !line.includes('node_modules'))
      .slice(0, 6)
      .join('\n      ');
  return files.flatMap((file) => {
    const where = path.relative(repoRoot, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
    if (tests.length > 0 || !failedOutsideTests(file)) return tests;
    const skipped = file.assertionResults.filter((test) => test.status !== 'passed').length;
    const why =
      file.message || `a hook failed: ${skipped} of its tests did not run (the log above says which hook)`;
    return [`${where}\n      ${firstLines(why)}`];
  });
}

let passed = 0;
let failed = failedSteps;
const failures: string[] = [];
for (const { name, report } of runs) {
  try {
    const result = JSON.parse(readFileSync(report!, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      testResults: TFileResult[];
    };
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    // A file that failed to load or in a hook has no failed test but must still fail the run.
    failed += result.testResults.filter(failedOutsideTests).length;
    failures.push(...failuresOf(result.testResults));
  } catch {
    console.error(`Vitest wrote no report for the ${name}: counting the run as failed.`);
    failed += 1;
  }
}

if (failures.length > 0) console.log(`\n== failed\n\n${failures.map((each) => `  ✗ ${each}`).join('\n\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
rmSync(process.env[RUN_DIR_ENV]!, { recursive: true, force: true });
process.exit(failed > 0 || passed === 0 ? 1 : 0);
