/**
 * Issue 19: what the anonymous-hold throttle costs the on-sale rush. The same rush as
 * bench/cart-onsale.ts (new buyers adding one unit of ONE lot through HTTP, on PostgreSQL) runs
 * against a server with HOLD_THROTTLE=false (the baseline, in the same run) and one with it on,
 * each request from an address of its own (X-Forwarded-For, one trusted proxy) and thresholds no
 * buyer reaches, so every hold pays for its counters and none is refused. Reports holds/s, p99
 * and the ratio on/off. Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const CONNECTIONS = 64;
const SECONDS = 8;

type TRun = { holdsPerSecond: number; p99Ms: number; non2xx: number };

async function rush(url: string, lotId: number, env: Record<string, string>): Promise<TRun> {
  const server = await startServer({
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
    DATABASE_POOL_SIZE: '16',
    TRUST_PROXY_HOPS: '1',
    ...env,
  });
  let serial = 0;
  const body = JSON.stringify({ lotId, quantity: 1 });
  const run = (duration: number) =>
    autocannon({
      url: `${server.url}/api/v4/addtocart`,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            serial += 1;
            const ip = `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
              body,
            };
          },
        },
      ],
    });
  try {
    await run(2); // warm-up: JIT, pools, caches
    const result = await run(SECONDS);
    return {
      holdsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

export async function runHoldThrottle(adminUrl: string) {
  const name = `bench_throttle_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    await migrateDatabase(database);
    const fixture = await createCartFixture(database.db, { lotCapacity: 1_000_000, maxPerCart: 6 });
    await database.close();
    const off = await rush(url.toString(), fixture.lotId, { HOLD_THROTTLE: 'false' });
    const on = await rush(url.toString(), fixture.lotId, {
      HOLD_THROTTLE: 'true',
      HOLD_CAPTCHA_AFTER: '1000',
      HOLD_IP_MAX_PER_MINUTE: '100000',
    });
    return { off, on, ratio: Math.round((on.holdsPerSecond / off.holdsPerSecond) * 100) / 100 };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runHoldThrottle(
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  console.table([
    { run: 'throttle off (baseline)', ...result.off },
    { run: 'throttle on', ...result.on },
  ]);
  console.log(`ratio on/off: ${result.ratio}`);
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'hold-throttle.json'),
    JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, ...result }, null, 2),
  );
}
