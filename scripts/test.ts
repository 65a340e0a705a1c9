/**
 * `npm test`: type-check and lint, then the unit, API and browser suites in one Vitest run.
 * The last line printed is `N passed, N failed`. Browser journeys need Chromium: without it
 * they are not run and a loud line says so, and with E2E_REQUIRED=1 that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../e2e/support/browser.ts';
import { buildWeb, repoRoot, webBuildIsStale } from './build-web.ts';

const npm = process.env.npm_execpath;
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env }).status ?? 1;
}

let failedSteps = 0;

console.log('\n== check (typecheck + lint)');
const checkStatus = npm
  ? run(process.execPath, [npm, 'run', 'check', '--silent'])
  : run('npm', ['run', 'check']);
if (checkStatus !== 0) {
  console.error('check failed');
  failedSteps += 1;
}

if (webBuildIsStale()) {
  console.log('\n== building the web app for the browser journeys');
  buildWeb();
}

const projects = ['unit', 'api'];
const chrome = chromiumPath();
if (chrome) {
  projects.push('e2e');
} else {
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

const report = path.join(mkdtempSync(path.join(tmpdir(), 'vitest-')), 'report.json');
run(process.execPath, [
  bin('vitest'),
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);

let passed = 0;
let failed = failedSteps;
try {
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: { status: string; assertionResults: unknown[] }[];
  };
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A file that fails to load has no test results but must still fail the run.
  failed += result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
} catch {
  console.error('Vitest wrote no report: counting the run as failed.');
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
