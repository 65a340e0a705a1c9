/**
 * Pages (issue 18, run by `npm run bench`): the home page and the festival's event page for a visitor
 * who is not logged in, the event page, the cart page and My tickets for a logged-in buyer with a ticket
 * in the cart (the event page also for a session without the signed_in hint, which is rendered as theirs).
 * Each is measured against a bare Node `http` server sending the very same bytes (gzip, as a
 * browser asks), in the same run, round by round, so drift hits both alike. Then 60 s of all of them
 * mixed, and the server's resident memory after it (in all and by kind of mapping).
 * Targets (issue 18): anonymous pages >= 0.3 of bare with p99 <= 50 ms at 32 connections; personal
 * pages 3x the rate before the issue (see docs/decisions.md); RSS <= 400 MB after the mixed load.
 * BENCH_SECONDS (default 8), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 32),
 * BENCH_MIXED_SECONDS (default 60). Each page also reports the server's CPU ms per request (utime + stime),
 * which a machine loaded by others disturbs far less than req/s. Results go to bench/results/.
 * BENCH_DATABASE_URL (a PostgreSQL server's URL): run the product on a fresh database created there (dropped after)
 * instead of embedded PGlite, to compare the resident memory of each. MALLOC_TRIM_SECONDS=0 (passed on to the
 * server) runs it without giving malloc's free pages back (apps/api/src/malloc-trim.ts), to compare.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot, startServer } from '../e2e/support/server.ts';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_OPTIONS } from '../scripts/production-node.ts';
import { buyerWithCart } from './buyer-with-cart.ts';

const SLUG = 'festival-sons-do-cerrado';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const TARGETS = { anonymousRatio: 0.3, anonymousP99: 50, rssMb: 400 } as const;

type TPage = { name: string; path: string; cookie?: string; anonymous: boolean };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Resident memory now (VmRSS), or the most it ever was (VmHWM: a container's limit must fit it). */
const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

/**
 * Where the resident memory is, by mapping (/proc/<pid>/smaps): PGlite's WebAssembly memory is the one
 * anonymous mapping of 128 MB or more (its initial size; only touched pages are resident); `[heap]` is
 * the main malloc arena; files are code and mapped files; the rest of the anonymous memory is V8's heap
 * and the other malloc arenas.
 */
function residentByKind(pid: number) {
  const kinds = { 'wasm MB': 0, 'malloc [heap] MB': 0, 'files MB': 0, 'other anon MB': 0 };
  let kind: keyof typeof kinds = 'other anon MB';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const size = Number.parseInt(header[2]!, 16) - Number.parseInt(header[1]!, 16);
      const name = header[4]!;
      kind = name.startsWith('/')
        ? 'files MB'
        : name === '[heap]'
          ? 'malloc [heap] MB'
          : !name && header[3] === 'rw-p' && size >= 128 * 2 ** 20
            ? 'wasm MB'
            : 'other anon MB';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]);
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, kb]) => [k, Math.round(kb / 1024)]));
}

/** The bytes as sent (fetch would inflate them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        resolve({
          body: Buffer.concat(chunks),
          encoding: String(response.headers['content-encoding'] ?? ''),
        });
      });
    }).on('error', reject);
  });
}

/** CPU time (user + system) a process has used, in ms; Linux clock ticks are 10 ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Rate and p99, and the server's CPU per request: steadier than the rate on a machine others load. */
async function measure(url: string, headers: Record<string, string>, duration: number, pid?: number) {
  const before = pid ? cpuMs(pid) : 0;
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpu = pid ? (cpuMs(pid) - before) / Math.max(1, result.requests.total) : 0;
  return { rps: result.requests.average, p99: result.latency.p99, cpu };
}

// On PostgreSQL: a database of its own, dropped at the end.
const adminUrl = process.env.BENCH_DATABASE_URL;
const databaseName = `bench_pages_${Date.now().toString(36)}`;
let databaseUrl = '';
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

// The product in production mode with the demo catalogue; request logs off so the log pipe is not measured.
const server = await startServer({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  CAPTCHA_PROVIDER: 'off',
  // The buyer's ticket stays in the cart for the whole run.
  CART_HOLD_SECONDS: '7200',
  // The memory settings of `npm start` and the Dockerfile; BENCH_NODE_OPTIONS to compare others,
  // BENCH_MALLOC_DEFAULTS=1 to run with glibc's malloc defaults.
  NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? PRODUCTION_NODE_OPTIONS,
  ...(process.env.BENCH_MALLOC_DEFAULTS ? {} : PRODUCTION_MALLOC_ENV),
});
const bares: ChildProcess[] = [];
try {
  // A buyer: registered (their session cookie), with one ticket of the festival in the cart.
  const { sid, hint, cart } = await buyerWithCart(server.url, SLUG);
  const buyer = `${sid}; ${hint}; ${cart}`;

  const pages: TPage[] = [
    { name: 'home (anonymous)', path: '/', anonymous: true },
    { name: 'event (anonymous)', path: `/events/${SLUG}`, anonymous: true },
    { name: 'event (logged in)', path: `/events/${SLUG}`, cookie: buyer, anonymous: false },
    // A session begun before the hint existed: its pages are rendered as its own, as before issue 18's shared shell.
    { name: 'event (no hint)', path: `/events/${SLUG}`, cookie: `${sid}; ${cart}`, anonymous: false },
    { name: 'cart (logged in)', path: '/carrinho', cookie: buyer, anonymous: false },
    { name: 'my tickets (logged in)', path: '/meus-ingressos', cookie: buyer, anonymous: false },
  ];
  const headersOf = (page: TPage) => ({
    'accept-encoding': 'gzip',
    'accept-language': 'pt-BR',
    ...(page.cookie ? { cookie: page.cookie } : {}),
  });

  // Each page's bytes, served by a bare server of its own.
  const targets = [];
  for (const page of pages) {
    const { body, encoding } = await rawGet(`${server.url}${page.path}`, headersOf(page));
    const file = path.join(server.dataDir, `bare-${targets.length}.html`);
    writeFileSync(file, body);
    const port = await freePort();
    const bare = fork(
      path.join(repoRoot, 'bench/bare-server.ts'),
      [file, String(port), 'text/html; charset=utf-8', encoding],
      { stdio: 'ignore' },
    );
    bares.push(bare);
    await new Promise((resolve) => bare.once('message', resolve));
    targets.push({ page, bytes: body.length, encoding, bareUrl: `http://127.0.0.1:${port}/` });
  }

  console.log(`${rounds} rounds x ${seconds}s per target and its bare server, ${connections} connections`);
  for (const target of targets) {
    await measure(target.bareUrl, {}, 1);
    await measure(`${server.url}${target.page.path}`, headersOf(target.page), 2); // warm-up
  }
  const runs = targets.map(() => ({
    bare: [] as number[],
    page: [] as number[],
    p99: [] as number[],
    cpu: [] as number[],
  }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, target] of targets.entries()) {
      const bare = await measure(target.bareUrl, {}, seconds);
      const page = await measure(
        `${server.url}${target.page.path}`,
        headersOf(target.page),
        seconds,
        server.pid,
      );
      runs[i]!.bare.push(bare.rps);
      runs[i]!.page.push(page.rps);
      runs[i]!.p99.push(page.p99);
      runs[i]!.cpu.push(page.cpu);
      console.log(
        `round ${round + 1} ${target.page.name.padEnd(18)} ${Math.round(page.rps).toString().padStart(6)} req/s (bare ${Math.round(bare.rps)})  p99 ${page.p99} ms  CPU ${page.cpu.toFixed(2)} ms/req`,
      );
    }
  }
  const rows = targets.map((target, i) => {
    const run = runs[i]!;
    const ratio = median(run.page.map((rps, r) => rps / run.bare[r]!));
    const p99 = median(run.p99);
    return {
      page: target.page.name,
      'bytes (gzip)': target.bytes,
      'req/s': Math.round(median(run.page)),
      'bare req/s': Math.round(median(run.bare)),
      'ratio to bare': Number(ratio.toFixed(4)),
      'p99 ms': p99,
      'CPU ms/req': Number(median(run.cpu).toFixed(2)),
      met: target.page.anonymous
        ? ratio >= TARGETS.anonymousRatio && p99 <= TARGETS.anonymousP99
          ? 'yes'
          : 'NO'
        : '',
    };
  });
  console.table(rows);

  // Mixed: every connection cycles through the pages.
  const rssBefore = rssMb(server.pid);
  const mixed = await autocannon({
    url: server.url,
    connections,
    duration: mixedSeconds,
    requests: targets.map((target) => ({
      method: 'GET',
      path: target.page.path,
      headers: headersOf(target.page),
    })),
  });
  const rssAfter = rssMb(server.pid);
  const resident = residentByKind(server.pid);
  const mixedRow = {
    database: adminUrl ? 'postgres' : 'pglite',
    'req/s': Math.round(mixed.requests.average),
    'p99 ms': mixed.latency.p99,
    errors: mixed.errors + mixed.non2xx,
    'RSS MB before': rssBefore,
    'RSS MB after': rssAfter,
    'peak RSS MB': rssMb(server.pid, 'VmHWM'),
    met: rssAfter <= TARGETS.rssMb ? 'yes' : 'NO',
  };
  console.log(`mixed load, ${mixedSeconds}s at ${connections} connections:`);
  console.table([mixedRow]);
  console.log('resident memory after it, by mapping:');
  console.table([resident]);

  const outDir = path.join(repoRoot, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), seconds, rounds, connections, runs, rows, mixed: mixedRow, resident },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(repoRoot, out)}`);
} finally {
  for (const bare of bares) bare.kill();
  await server.stop();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
