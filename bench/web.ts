/**
 * `npm run bench:web`: Lighthouse mobile scores of the storefront's pages, on a real server
 * process in production mode. A benchmark, not a test: it reports against the targets and
 * writes bench/results/web.json, and never fails the build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../e2e/support/server.ts';
import { buildWeb, repoRoot, webBuildIsStale } from '../scripts/build-web.ts';
import { runLighthouse, type TLighthouseScores } from './lighthouse.ts';

type TTarget = { page: string; path: string; targets: Partial<Record<keyof TLighthouseScores, number>> };

const PAGES: TTarget[] = [{ page: 'home', path: '/', targets: { performance: 95, accessibility: 100 } }];

if (webBuildIsStale()) buildWeb();
const server = await startServer({ LOG_LEVEL: 'error' });
const rows: (TLighthouseScores & { page: string; verdict: string })[] = [];
try {
  for (const target of PAGES) {
    // One warm-up load so the first-run costs (PGlite caches, rendered markdown) are not measured.
    await fetch(`${server.url}${target.path}`);
    const scores = await runLighthouse(`${server.url}${target.path}`);
    const misses = Object.entries(target.targets)
      .filter(([key, min]) =>
        key === 'lcpMs' ? scores.lcpMs > min : (scores[key as keyof TLighthouseScores] as number) < min,
      )
      .map(
        ([key, min]) =>
          `${key} ${scores[key as keyof TLighthouseScores]} (target ${key === 'lcpMs' ? '≤' : '≥'} ${min})`,
      );
    rows.push({
      page: target.page,
      ...scores,
      verdict: misses.length ? `MISSED: ${misses.join('; ')}` : 'meets targets',
    });
  }
} finally {
  await server.stop();
}

console.table(
  rows.map(({ page, performance, accessibility, seo, bestPractices, lcpMs, tbtMs, cls, verdict }) => ({
    page,
    performance,
    accessibility,
    seo,
    bestPractices,
    lcpMs,
    tbtMs,
    cls,
    verdict,
  })),
);
const out = path.join(repoRoot, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'web.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
