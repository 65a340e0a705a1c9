/**
 * `npm run bench:web`: Lighthouse mobile scores of the home and an event page, served by the real
 * server in production mode with the demo catalogue. Median of BENCH_WEB_RUNS (default 3) per page;
 * a run that fails to record its trace is retried, not counted. A benchmark, not a test: it
 * reports against the targets and writes bench/results/web.json, and never fails the build.
 * Targets: home performance >= 95 and accessibility 100 (issue 2); event performance >= 95,
 * LCP <= 1.5 s and SEO 100 (issue 3).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { buildWeb, webBuildIsStale } from '../scripts/build-web.ts';
import { runLighthouse, type TLighthouseScores } from './lighthouse.ts';

type TKey = keyof TLighthouseScores;
type TPage = {
  page: string;
  path: string;
  atLeast: Partial<Record<TKey, number>>;
  atMost: Partial<Record<TKey, number>>;
};

const PAGES: TPage[] = [
  { page: 'home', path: '/', atLeast: { performance: 95, accessibility: 100 }, atMost: {} },
  {
    page: 'event',
    path: '/events/festival-sons-do-cerrado',
    atLeast: { performance: 95, seo: 100 },
    atMost: { lcpMs: 1500 },
  },
];
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function medianScores(url: string): Promise<TLighthouseScores> {
  const all: TLighthouseScores[] = [];
  for (let attempt = 0; all.length < runs && attempt < runs + 3; attempt += 1) {
    try {
      all.push(await runLighthouse(url));
    } catch (error) {
      console.error(`${url}: attempt ${attempt + 1} failed: ${(error as Error).message}`);
    }
  }
  if (all.length === 0) throw new Error(`No Lighthouse run succeeded for ${url}`);
  const keys = Object.keys(all[0]!) as TKey[];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((s) => s[k]))])) as TLighthouseScores;
}

if (!chromiumPath()) throw new Error('Chromium not found: set CHROME_PATH or apt-get install chromium');
if (webBuildIsStale()) buildWeb();
const server = await startServer({ LOG_LEVEL: 'error' });
const rows: (TLighthouseScores & { page: string; verdict: string })[] = [];
try {
  for (const target of PAGES) {
    const scores = await medianScores(`${server.url}${target.path}`);
    const misses = [
      ...Object.entries(target.atLeast)
        .filter(([key, min]) => scores[key as TKey] < min)
        .map(([key, min]) => `${key} ${scores[key as TKey]} < ${min}`),
      ...Object.entries(target.atMost)
        .filter(([key, max]) => scores[key as TKey] > max)
        .map(([key, max]) => `${key} ${scores[key as TKey]} > ${max}`),
    ];
    rows.push({
      page: target.page,
      ...scores,
      verdict: misses.length ? `MISSED: ${misses.join('; ')}` : 'meets targets',
    });
  }
} finally {
  await server.stop();
}
console.table(rows);
const out = path.join(repoRoot, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'web.json'),
  JSON.stringify({ at: new Date().toISOString(), runs, rows }, null, 2),
);
