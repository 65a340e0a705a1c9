/**
 * A whole on-sale day, simulated (issue 37), local only: BENCH_ONSALE_VISITORS (100,000) visitors
 * queue for BENCH_ONSALE_PURCHASES (10,000) tickets through nginx (deploy/'s configuration) and two
 * server processes on one PostgreSQL; BENCH_ONSALE_EARLY_SHARE (0.05) of them join before the
 * on-sale time. Each admitted visitor loads the queue page, the event page, holds, identifies the
 * holder, pays by card and opens My tickets (e2e/support/onsale-day.ts). The admit rate starts at
 * BENCH_ONSALE_RATE a minute (1,200) and follows the payment's p99 against 250 ms every 5 s
 * (BENCH_ONSALE_ADAPT=false keeps it). Reports each step's throughput and p99, the rates tried and
 * the highest that kept the payment's p99 under the target, each process's memory, the queue's order
 * and the books' invariants; writes bench/results/onsale-day.json.
 * Needs PostgreSQL (DATABASE_URL, or a local server at 127.0.0.1:5432) and nginx.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The shared kit makes its databases on the server DATABASE_URL names.
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const { runOnSaleDay } = await import('../e2e/support/onsale-day.ts');
const { repoRoot } = await import('../e2e/support/server.ts');

const VISITORS = Number(process.env.BENCH_ONSALE_VISITORS ?? 100_000);
const PURCHASES = Number(process.env.BENCH_ONSALE_PURCHASES ?? 10_000);
const RATE = Number(process.env.BENCH_ONSALE_RATE ?? 1_200);
const TARGET_MS = 250;

const started = Date.now();
const day = await runOnSaleDay({
  visitors: VISITORS,
  purchases: PURCHASES,
  earlyShare: Number(process.env.BENCH_ONSALE_EARLY_SHARE ?? 0.05),
  ratePerMinute: RATE,
  adapt:
    process.env.BENCH_ONSALE_ADAPT === 'false'
      ? undefined
      : { targetMs: TARGET_MS, windowSeconds: 5, minPerMinute: 60, maxPerMinute: 60_000 },
  joinConcurrency: 32,
  maxJourneys: 128,
  // The joins and the purchases at today's speed, with room to spare: the run reports what it got.
  deadlineSeconds: Number(process.env.BENCH_ONSALE_DEADLINE_SECONDS ?? 3_600),
  poolSize: 16,
  log: (line) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
});
const result = {
  at: new Date().toISOString(),
  wallSeconds: Math.round((Date.now() - started) / 1000),
  ...day,
};
console.log(JSON.stringify({ ...result, admitRate: { ...day.admitRate, windows: undefined } }, null, 2));
const out = path.join(repoRoot, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'onsale-day.json'), JSON.stringify(result, null, 2));
if (day.invariants.violations.length > 0) {
  console.error(`${day.invariants.violations.length} invariant violations`);
  process.exitCode = 1;
}
