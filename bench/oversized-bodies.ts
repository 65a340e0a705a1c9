/**
 * Oversized bodies (run by `npm run bench`): 16 uploads of 20 MB at once, half with a
 * Content-Length and half chunked, to the API and the page form actions, ROUNDS times, while
 * each process's RSS is sampled from /proc every 25 ms. Reported as each server's peak growth in
 * MB over its RSS before the first round, beside two bare Node servers measured in the same run: one that cuts
 * bodies at 64 KB (the least any server could do) and one that reads them whole (what the product
 * did before issue 12). Also /healthz latency during the flood. Target: growth < 150 MB
 * (docs/decisions.md). Results go to bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flood, rssMb, startBareServer, type TFlood } from '../e2e/support/oversized-bodies.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const BOUND_MB = 150;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOOD = { concurrency: 16, bytes: 20 * 1024 * 1024, waves: 2 };

/** The flood, while /healthz is asked every 50 ms: how long the process took to answer. */
async function measure(url: string, pid: number) {
  const latencies: number[] = [];
  let flooding = true;
  const prober = (async () => {
    while (flooding) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`).catch(() => null);
      await response?.text();
      latencies.push(response ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await flood(url, pid, FLOOD);
  flooding = false;
  await prober;
  return { ...result, healthMaxMs: Math.max(...latencies) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const server = await startServer({ LOG_LEVEL: 'warn' });
const limit = await startBareServer('limit');
const buffer = await startBareServer('buffer');
const targets = [
  { name: 'product', url: server.url, pid: server.pid },
  { name: 'bare, 64 KB limit', url: limit.url, pid: limit.pid },
  { name: 'bare, reads whole', url: buffer.url, pid: buffer.pid },
];
try {
  for (const path of ['/', '/login', '/api/v3/nextEvents'])
    await (await fetch(`${server.url}${path}`)).text();
  // Growth counts from each process's RSS before the first round: memory a process keeps from
  // one round (V8 rarely gives it back) must not hide in the next round's baseline. A peak below
  // that (a collection ran meanwhile) counts as no growth.
  const initial = Object.fromEntries(targets.map((target) => [target.name, rssMb(target.pid)]));
  const runs: Record<string, (TFlood & { healthMaxMs: number })[]> = Object.fromEntries(
    targets.map((target) => [target.name, []]),
  );
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const measured = await measure(target.url, target.pid);
      const run = {
        ...measured,
        baselineMb: initial[target.name]!,
        growthMb: measured.peakMb - initial[target.name]!,
      };
      runs[target.name]!.push(run);
      console.log(
        `round ${round + 1} ${target.name.padEnd(18)} baseline ${run.baselineMb.toFixed(0).padStart(4)} MB  ` +
          `peak ${run.peakMb.toFixed(0).padStart(4)} MB  growth ${run.growthMb.toFixed(1).padStart(6)} MB  ` +
          `written ${run.sentMb.toFixed(0).padStart(4)} MB  healthz max ${run.healthMaxMs.toFixed(0)} ms`,
      );
    }
  }
  const growth = (name: string) => median(runs[name]!.map((run) => run.growthMb));
  const rows = targets.map(({ name }) => ({
    server: name,
    'growth MB (median)': Number(growth(name).toFixed(1)),
    'MB written (median)': Number(median(runs[name]!.map((run) => run.sentMb)).toFixed(0)),
    'healthz max ms': Number(median(runs[name]!.map((run) => run.healthMaxMs)).toFixed(0)),
    'growth vs reads-whole': Number((growth(name) / growth('bare, reads whole')).toFixed(3)),
    target: name === 'product' ? `< ${BOUND_MB} MB` : '',
    met: name === 'product' ? (growth(name) < BOUND_MB ? 'yes' : 'NO') : '',
  }));
  console.table(rows);
  const outDir = path.join(repoRoot, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `oversized-bodies-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), rounds, flood: FLOOD, runs, rows }, null, 2),
  );
  console.log(`written ${path.relative(repoRoot, out)}`);
} finally {
  limit.stop();
  buffer.stop();
  await server.stop();
}
