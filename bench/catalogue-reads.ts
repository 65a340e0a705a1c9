/**
 * Catalogue reads (run by `npm run bench`): the event-tickets read (getEventTicketsBySlug) through the static snapshot and
 * through the API, each as a ratio to a bare Node `http` server answering the same JSON, measured
 * in the same run, alternating targets round by round so drift hits all of them alike.
 * Targets (issue 3): snapshot >= 0.5 of bare, API >= 0.2. Results go to bench/results/.
 * BENCH_SECONDS (default 10), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 32).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, repoRoot, startServer } from '../e2e/support/server.ts';

const SLUG = 'festival-sons-do-cerrado';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGETS = { snapshot: 0.5, api: 0.2 } as const;

type TTarget = { name: 'bare' | 'snapshot' | 'api'; options: autocannon.Options };

async function measure(target: TTarget, duration: number) {
  const result = await autocannon({ ...target.options, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// The product in production mode, demo catalogue loaded; request logs off so the log pipe is not measured.
const server = await startServer({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
const bodyResponse = await fetch(`${server.url}/api/v2/getEventTicketsBySlug`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token: null, eventSlug: SLUG }),
});
const body = await bodyResponse.text();
const bodyFile = path.join(server.dataDir, 'bare-body.json');
writeFileSync(bodyFile, body);

const barePort = await freePort();
const bare = fork(path.join(repoRoot, 'bench/bare-server.ts'), [bodyFile, String(barePort)], {
  stdio: 'ignore',
});
await new Promise((resolve) => bare.once('message', resolve));

const targets: TTarget[] = [
  { name: 'bare', options: { url: `http://127.0.0.1:${barePort}/` } },
  { name: 'snapshot', options: { url: `${server.url}/assets/api/getEventTicketsBySlug/${SLUG}.json?t=1` } },
  {
    name: 'api',
    options: {
      url: `${server.url}/api/v2/getEventTicketsBySlug`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: null, eventSlug: SLUG }),
    },
  },
];

try {
  console.log(
    `body ${body.length} bytes; ${rounds} rounds x ${seconds}s per target, ${connections} connections`,
  );
  for (const target of targets) await measure(target, 2); // warm-up: JIT, caches, sockets
  const runs: Record<string, { rps: number; p99: number }[]> = { bare: [], snapshot: [], api: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) {
      const run = await measure(target, seconds);
      runs[target.name]!.push(run);
      console.log(
        `round ${round + 1} ${target.name.padEnd(8)} ${Math.round(run.rps).toString().padStart(7)} req/s  p99 ${run.p99} ms`,
      );
    }
  }
  const ratio = (name: 'snapshot' | 'api') =>
    median(runs[name]!.map((run, i) => run.rps / runs.bare![i]!.rps));
  const rows = (['bare', 'snapshot', 'api'] as const).map((name) => ({
    read: name,
    'req/s (median)': Math.round(median(runs[name]!.map((r) => r.rps))),
    'p99 ms (median)': median(runs[name]!.map((r) => r.p99)),
    'ratio to bare': name === 'bare' ? 1 : Number(ratio(name).toFixed(3)),
    target: name === 'bare' ? '' : `>= ${TARGETS[name]}`,
    met: name === 'bare' ? '' : ratio(name) >= TARGETS[name] ? 'yes' : 'NO',
  }));
  console.table(rows);
  const outDir = path.join(repoRoot, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `event-tickets-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), seconds, rounds, connections, bodyBytes: body.length, runs, rows },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(repoRoot, out)}`);
} finally {
  bare.kill();
  await server.stop();
}
