/**
 * On-sale benchmark (issue 5): many buyers adding to ONE lot through HTTP on PostgreSQL, against
 * a baseline measured in the same run: a conditional decrement on one row
 * (`UPDATE ... SET available = available - 1 WHERE id = $1 AND available >= 1`), durable, with as
 * many clients. Reports holds/s, p99 and the ratio, then checks nothing was oversold.
 * Issue 18, to find what makes the tail: what the database's connections waited on (pg_stat_activity
 * sampled every 50 ms during the run), and the server's event-loop delay and GC pauses (bench/loop-probe.ts).
 * Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_OPTIONS } from '../scripts/production-node.ts';

export type TOnSaleResult = {
  connections: number;
  baselineTxPerSecond: number;
  baselineP99Ms: number;
  holdsPerSecond: number;
  holdsP99Ms: number;
  ratio: number;
  oversold: number;
  targets: { ratio: number; p99Ms: number };
  holdsP50Ms: number;
  holdsMaxMs: number;
  /** Share of the sampled database connections in each wait (`type:event:state`), largest first. */
  waits: Record<string, number>;
  /** Per second of the run: the worst event-loop delay and GC pause in the server, and GC's total. */
  loop: {
    delayMaxMs: number;
    delayP99Ms: number;
    gcCount: number;
    gcTotalMs: number;
    gcMaxMs: number;
    gcMaxKind: string;
  }[];
};

/** Samples what the run's database connections are doing until `stop` is called. */
function sampleWaits(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  const counts = new Map<string, number>();
  let running = true;
  let samples = 0;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ wait: string; n: number }>(
        `select coalesce(wait_event_type, '-') || ':' || coalesce(wait_event, '-') || ':' || state as wait,
           count(*)::int as n
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1`,
        [database],
      );
      for (const row of rows) {
        counts.set(row.wait, (counts.get(row.wait) ?? 0) + row.n);
        samples += row.n;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return Object.fromEntries(
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([wait, n]) => [wait, Math.round((n / Math.max(1, samples)) * 1000) / 1000]),
    );
  };
}

const CONNECTIONS = 64;
const SECONDS = 8;

async function baseline(url: string): Promise<{ perSecond: number; p99: number }> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query('create table bench_stock (id int primary key, available int not null)');
  await pool.query('insert into bench_stock values (1, 100000000)');
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await pool.query(
          'update bench_stock set available = available - 1 where id = $1 and available >= 1',
          [1],
        );
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

export async function runOnSale(adminUrl: string): Promise<TOnSaleResult> {
  const name = `bench_onsale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    await migrateDatabase(database);
    // More units than the run can take, so every request is a real hold, then a check that none is extra.
    const fixture = await createCartFixture(database.db, { lotCapacity: 200_000, maxPerCart: 6 });
    await database.close();

    const base = await baseline(url.toString());
    const server = await startServer({
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      DATABASE_POOL_SIZE: '16',
      // What production runs (scripts/production-node.ts); BENCH_NODE_OPTIONS to compare other V8 flags.
      NODE_OPTIONS: `--import ${path.join(repoRoot, 'bench/loop-probe.ts')} ${process.env.BENCH_NODE_OPTIONS ?? PRODUCTION_NODE_OPTIONS}`,
      ...PRODUCTION_MALLOC_ENV,
    });
    const body = JSON.stringify({ lotId: fixture.lotId, quantity: 1 });
    const run = (duration: number) =>
      autocannon({
        url: `${server.url}/api/v4/addtocart`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: CONNECTIONS,
        duration,
      });
    await run(2); // warm-up: JIT, pools, caches
    const outputBefore = server.output().length;
    const stopSampling = sampleWaits(adminUrl, name);
    const result = await run(SECONDS);
    const waits = await stopSampling();
    const loop = server
      .output()
      .slice(outputBefore)
      .split('\n')
      .filter((line) => line.startsWith('{"loopProbe"'))
      .map((line) => (JSON.parse(line) as { loopProbe: TOnSaleResult['loop'][number] }).loopProbe);
    await server.stop();

    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const { rows } = await check.query(
      `select l.capacity, l.sold, l.held,
         (select coalesce(sum(quantity), 0)::int from cart_holds h where h.lot_id = l.id and not h.released) as holds
       from ticket_lots l where l.id = $1`,
      [fixture.lotId],
    );
    await check.end();
    const stock = rows[0] as { capacity: number; sold: number; held: number; holds: number };
    const holdsPerSecond = result.requests.average;
    return {
      connections: CONNECTIONS,
      baselineTxPerSecond: Math.round(base.perSecond),
      baselineP99Ms: Math.round(base.p99 * 10) / 10,
      holdsPerSecond: Math.round(holdsPerSecond),
      holdsP99Ms: result.latency.p99,
      ratio: Math.round((holdsPerSecond / base.perSecond) * 100) / 100,
      // Units held or sold beyond capacity, or counters that disagree with the hold rows.
      oversold: Math.max(0, stock.sold + stock.held - stock.capacity) + Math.abs(stock.held - stock.holds),
      targets: { ratio: 0.4, p99Ms: 100 },
      holdsP50Ms: result.latency.p50,
      holdsMaxMs: result.latency.max,
      waits,
      loop,
    };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runOnSale(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const verdict =
    result.ratio >= result.targets.ratio && result.holdsP99Ms <= result.targets.p99Ms && result.oversold === 0
      ? 'meets targets'
      : 'MISSED targets';
  const { waits, loop, ...row } = result;
  console.table([
    { ...row, targets: `ratio >= ${result.targets.ratio}, p99 <= ${result.targets.p99Ms} ms`, verdict },
  ]);
  console.log('database connections by wait (share of samples):', waits);
  console.log('server, per second: event-loop delay and GC pauses');
  console.table(
    loop.map((second) =>
      Object.fromEntries(
        Object.entries(second).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]),
      ),
    ),
  );
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'cart-onsale.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
}
