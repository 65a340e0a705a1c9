/**
 * Waiting-room simulation (issue 19), local only: 100,000 visitors (BENCH_QUEUE_VISITORS) join an
 * event's queue over HTTP through two server processes on one PostgreSQL, half before the on-sale
 * time and half after; both processes admit at a fixed rate; bots retry addtocart without a pass
 * the whole time. Reports the fairness of the order (Spearman's rank correlation between arrival and
 * admission after the start, and how uniform the draw of the early arrivals is), how many addtocart
 * calls without a valid pass were accepted (must be 0), queue-status calls per second as a ratio to
 * a bare Node server answering the same body, measured in this run, and each process's memory.
 * Issue 37: joins per second per process (target 5,000), the server CPU each join costs and the
 * database commits per join, and the status ratio (target 0.5). Before the simulation, a join rush on
 * one process alone (no bots, another event, its queue already open): joins per second and per
 * second of that process's CPU, as the hold rush is measured (bench/cart-onsale.ts), and against a bare
 * Node server answering a join's body to the same crowd on the same cores. BENCH_QUEUE_SHORT=1 runs 10,000
 * visitors and a 3 s status measure. BENCH_QUEUE_PROFILE=1 runs the servers with --cpu-prof (profiles
 * in bench/results/waiting-room-prof/). Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { fire } from '../e2e/support/load.ts';
import { freePort, repoRoot, startServer, type TRunningServer } from '../e2e/support/server.ts';

const SHORT = process.env.BENCH_QUEUE_SHORT === '1';
const VISITORS = Number(process.env.BENCH_QUEUE_VISITORS ?? (SHORT ? 10_000 : 100_000));
const RATE_PER_MINUTE = Number(process.env.BENCH_QUEUE_RATE ?? 120_000);
const PROCESSES = 2;
const CONNECTIONS = 32;
/** Joins in flight per process: a crowd arriving at once, as at an on-sale. */
const JOIN_CONNECTIONS = 64;
const STATUS_SECONDS = SHORT ? 3 : 8;
/** Joins of the one-process rush (visitors numbered after the simulation's). */
const RUSH = Number(process.env.BENCH_QUEUE_RUSH ?? (SHORT ? 10_000 : 40_000));
const PROFILE = process.env.BENCH_QUEUE_PROFILE === '1';
const TARGET_JOINS_PER_PROCESS = 5_000;
const TARGET_STATUS_RATIO = 0.5;

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const session = (i: number) => `bench_visitor_${String(i).padStart(9, '0')}`;
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};

/** CPU seconds (user + system) process `pid` has used so far (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuSecondsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Spearman's rho of two rankings (0..n-1, no ties) given as parallel arrays. */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  let d2 = 0;
  for (let i = 0; i < n; i += 1) d2 += (a[i]! - b[i]!) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}
/** Positions 0..n-1 of each value when sorted. */
function ranks(values: number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((x, y) => x.value - y.value);
  const out = new Array<number>(values.length);
  order.forEach(({ i }, position) => {
    out[i] = position;
  });
  return out;
}

/**
 * Visitors `from`..`from + count - 1` join, each once with their own session, spread over the
 * processes (autocannon: the load generator must not be what limits the rate). Answers joins per
 * second in all and per process, and the server CPU and database commits each join cost.
 */
async function joinAll(
  servers: Pick<TRunningServer, 'url' | 'pid'>[],
  slug: string,
  from: number,
  count: number,
  check: pg.Client,
) {
  const commits = async () =>
    Number(
      (await check.query('select xact_commit from pg_stat_database where datname = current_database()'))
        .rows[0].xact_commit,
    );
  const cpuBefore = servers.map((server) => cpuSecondsOf(server.pid));
  const commitsBefore = await commits();
  const started = performance.now();
  // The time of the last answer: autocannon resolves only at its next one-second sample after the
  // last, which stretched a 9 s rush by up to a second.
  let lastAnswer = started;
  const results = await Promise.all(
    servers.map((server, s) => {
      const share = Math.floor(count / servers.length) + (s < count % servers.length ? 1 : 0);
      let next = 0;
      return autocannon({
        url: `${server.url}/api/queue/${slug}/join`,
        method: 'POST',
        connections: Math.min(JOIN_CONNECTIONS, share),
        amount: share,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              const i = from + s + next * servers.length;
              next += 1;
              return {
                ...request,
                method: 'POST',
                // Each visitor from an address of their own, as the join throttle (on) counts them.
                headers: {
                  'content-type': 'application/json',
                  'x-session-id': session(i),
                  'x-forwarded-for': addressOf(i),
                },
                body: '{}',
              };
            },
            onResponse: () => {
              lastAnswer = performance.now();
            },
          },
        ],
      });
    }),
  );
  const seconds = (lastAnswer - started) / 1000;
  // Refused or unanswered in 30 s (reported: the places are counted in the database afterwards).
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  const cpu = servers.map((server, s) => cpuSecondsOf(server.pid) - cpuBefore[s]!);
  const perSecond = count / seconds;
  return {
    perSecond: Math.round(perSecond),
    perSecondPerProcess: Math.round(perSecond / servers.length),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    // What one process could take with a core of its own: joins per second of its CPU.
    perServerCpuSecond: Math.round(count / cpu.reduce((a, b) => a + b, 0)),
    commitsPerJoin: Number(((await commits()) - commitsBefore) / count).toFixed(2),
    failed,
  };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_queue_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const servers: TRunningServer[] = [];
  const check = new pg.Client({ connectionString: url.toString() });
  let bare: ReturnType<typeof fork> | undefined;
  try {
    const database = await openDatabase({ url: url.toString() });
    await migrateDatabase(database);
    const f = await createCartFixture(database.db, { lotCapacity: 1_000_000 });
    const rush = await createCartFixture(database.db, { lotCapacity: 1_000_000 });
    await database.close();
    await check.connect();
    await check.query(
      `update events set queue_enabled = true, queue_rate_per_minute = 60, on_sale_at = now() where id = $1`,
      [rush.eventId],
    );
    await check.query(
      `update events set queue_enabled = true, queue_rate_per_minute = $2, on_sale_at = now() + interval '1 day' where id = $1`,
      [f.eventId, RATE_PER_MINUTE],
    );
    const env = {
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      DATABASE_POOL_SIZE: '16',
      WAITING_ROOM: 'true',
      // The join throttle as in production (its windows counted per address and session).
      QUEUE_JOIN_THROTTLE: 'true',
      TRUST_PROXY_HOPS: '1',
      ...(PROFILE
        ? {
            NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(repoRoot, 'bench/results/waiting-room-prof')}`,
          }
        : {}),
    };
    servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startServer(env)))));

    // The rush: one process, nothing else running, an open queue (the second process stays idle).
    const rushJoins = RUSH > 0 ? await joinAll([servers[0]!], rush.slug, VISITORS, RUSH, check) : null;
    console.log(`one-process rush: ${JSON.stringify(rushJoins)}`);
    // Its baseline: a bare Node server answering a join's body, driven the same way on the same cores.
    let rushBare: number | null = null;
    if (rushJoins) {
      const joinUrl = `${servers[0]!.url}/api/queue/${rush.slug}/join`;
      const joinBody = await (
        await fetch(joinUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': session(VISITORS + RUSH) },
          body: '{}',
        })
      ).text();
      const joinBodyFile = path.join(servers[0]!.dataDir, 'queue-join.json');
      writeFileSync(joinBodyFile, joinBody);
      const port = await freePort();
      const bareJoin = fork(path.join(repoRoot, 'bench/bare-server.ts'), [joinBodyFile, String(port)], {
        stdio: 'ignore',
      });
      try {
        await new Promise((resolve) => bareJoin.once('message', resolve));
        const target = [{ url: `http://127.0.0.1:${port}`, pid: bareJoin.pid! }];
        rushBare = (await joinAll(target, rush.slug, VISITORS + RUSH + 1, RUSH, check)).perSecond;
      } finally {
        bareJoin.kill();
      }
      console.log(`bare server, the same crowd: ${rushBare}/s`);
    }

    // Bots: fresh sessions, waiting visitors' sessions and made-up passes, all the way through.
    let botsOn = true;
    let botCalls = 0;
    let botAccepted = 0;
    const bots = (async () => {
      for (let round = 0; botsOn; round += 1) {
        await fire(40, 8, async (k) => {
          const i = round * 40 + k;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (k % 3 > 0) headers['x-session-id'] = session(i % VISITORS);
          if (k % 3 === 2)
            headers['x-queue-pass'] = `${f.eventId}.${session(i % VISITORS)}.9999999999.${'A'.repeat(43)}`;
          const response = await fetch(`${servers[i % servers.length]!.url}/api/v4/addtocart`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ lotId: f.lotId, quantity: 1 }),
          }).catch(() => null);
          if (!response) return;
          await response.arrayBuffer().catch(() => {});
          botCalls += 1;
          if (response.status === 200) botAccepted += 1;
        });
      }
    })();

    const early = Math.floor(VISITORS / 2);
    console.log(`${VISITORS} visitors, ${PROCESSES} processes, admitting ${RATE_PER_MINUTE}/min`);
    const earlyJoins = await joinAll(servers, f.slug, 0, early, check);
    console.log(`early joins: ${JSON.stringify(earlyJoins)}`);

    // The start, admitting one a minute for now: the draw runs at the first tick, and the early
    // arrival drawn last waits at the back of the whole early crowd while the status is measured.
    await check.query(`update events set on_sale_at = now(), queue_rate_per_minute = 1 where id = $1`, [
      f.eventId,
    ]);
    let back = '';
    for (let tries = 0; tries < 60 && !back; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { rows } = await check.query(
        'select session_id from queue_entries where event_id = $1 and rank is not null order by rank desc limit 1',
        [f.eventId],
      );
      back = rows[0]?.session_id ?? '';
    }
    // Queue-status calls per second for that visitor, against a bare server with the same body.
    const statusUrl = `${servers[0]!.url}/api/queue/${f.slug}`;
    const statusBody = await (await fetch(statusUrl, { headers: { 'x-session-id': back } })).text();
    console.log(`status at the back: ${statusBody}`);
    const bodyFile = path.join(servers[0]!.dataDir, 'queue-status.json');
    writeFileSync(bodyFile, statusBody);
    const barePort = await freePort();
    bare = fork(path.join(repoRoot, 'bench/bare-server.ts'), [bodyFile, String(barePort)], {
      stdio: 'ignore',
    });
    await new Promise((resolve) => bare!.once('message', resolve));
    const measure = async (target: string, headers: Record<string, string> = {}) =>
      (await autocannon({ url: target, connections: CONNECTIONS, duration: STATUS_SECONDS, headers }))
        .requests.average;
    await measure(`http://127.0.0.1:${barePort}/`);
    const bareRps = await measure(`http://127.0.0.1:${barePort}/`);
    await measure(statusUrl, { 'x-session-id': back });
    const statusRps = await measure(statusUrl, { 'x-session-id': back });

    // Then the set rate, with late arrivals while the admission runs.
    await check.query(`update events set queue_rate_per_minute = $2 where id = $1`, [
      f.eventId,
      RATE_PER_MINUTE,
    ]);
    const lateJoins = await joinAll(servers, f.slug, early, VISITORS - early, check);
    console.log(`late joins: ${JSON.stringify(lateJoins)}`);
    // Until everyone is admitted (bounded: the rate's time plus a minute).
    const deadline = Date.now() + (VISITORS / (RATE_PER_MINUTE / 60)) * 1000 + 60_000;
    for (;;) {
      const { rows } = await check.query(
        'select count(*)::int as n from queue_entries where event_id = $1 and admitted_at is null',
        [f.eventId],
      );
      if (rows[0].n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    botsOn = false;
    await bots;
    const memory = servers.map((server) => memoryOf(server.pid));

    const { rows } = await check.query(
      `select id, rank, extract(epoch from admitted_at)::float as admitted_at from queue_entries
        where event_id = $1 order by id`,
      [f.eventId],
    );
    const entries = rows as { id: string; rank: string; admitted_at: number | null }[];
    const earlyRows = entries.filter((row) => Number(row.rank) < 0);
    const lateRows = entries.filter((row) => Number(row.rank) >= 0 && row.admitted_at !== null);
    // Early: arrival order against the drawn order (0: unrelated), and per tenth of the arrivals the
    // share that drew a place in the first tenth (0.1 each for a uniform draw).
    const earlyDrawn = ranks(earlyRows.map((row) => Number(row.rank)));
    const earlyRho = spearman(
      earlyRows.map((_, i) => i),
      earlyDrawn,
    );
    const tenth = Math.floor(earlyRows.length / 10);
    const frontShare = Array.from({ length: 10 }, (_, d) => {
      const group = earlyDrawn.slice(d * tenth, (d + 1) * tenth);
      return Number((group.filter((r) => r < tenth).length / group.length).toFixed(3));
    });
    // Late: arrival (id) against admission order (time, then rank within one tick).
    const lateAdmission = ranks(lateRows.map((row) => row.admitted_at! * 1e7 + Number(row.rank) / 1e9));
    const lateRho = spearman(
      lateRows.map((_, i) => i),
      lateAdmission,
    );
    const admitted = entries.filter((row) => row.admitted_at !== null).length;
    const result = {
      visitors: VISITORS,
      processes: PROCESSES,
      ratePerMinute: RATE_PER_MINUTE,
      admitted,
      joins: {
        targetPerProcess: TARGET_JOINS_PER_PROCESS,
        oneProcessRush: rushJoins && {
          joins: RUSH,
          ...rushJoins,
          // The most this machine's cores give such a crowd: a server that answers without doing anything.
          bareNodePerSecond: rushBare,
          ratioToBare: rushBare ? Number((rushJoins.perSecond / rushBare).toFixed(3)) : null,
        },
        early: earlyJoins,
        late: lateJoins,
        every: entries.length === VISITORS ? 'one place per visitor' : `${entries.length} places`,
      },
      fairness: {
        lateArrivalVsAdmissionSpearman: Number(lateRho.toFixed(4)),
        earlyArrivalVsDrawSpearman: Number(earlyRho.toFixed(4)),
        earlyFirstTenthShareByArrivalTenth: frontShare,
      },
      bots: { addToCartCalls: botCalls, acceptedWithoutPass: botAccepted },
      queueStatus: {
        perSecond: Math.round(statusRps),
        bareNodePerSecond: Math.round(bareRps),
        ratio: Number((statusRps / bareRps).toFixed(3)),
        targetRatio: TARGET_STATUS_RATIO,
      },
      memoryPerProcess: memory,
    };
    console.log(JSON.stringify(result, null, 2));
    const out = path.join(repoRoot, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'waiting-room.json'),
      JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
    );
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    bare?.kill();
    await Promise.all(servers.map((server) => server.stop()));
    await check.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
