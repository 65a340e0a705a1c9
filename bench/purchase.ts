/**
 * Purchase benchmark (issue 37): N logged-in buyers (16, then 64) each buying one ticket over and
 * over through HTTP on PostgreSQL, one server process, then two behind deploy/'s nginx: hold (POST /api/v4/addtocart) → identify
 * (POST /api/CheckTicketsPerCPF: the ticket asks a holder CPF per unit) → pay (POST /checkout/v1),
 * three purchases by card with the sandbox gateway for one by Pix (created, then paid by the
 * sandbox's simulate control, which tells the checkout as a webhook would).
 * Baseline in the same run: the same writes as plain SQL transactions by as many pg clients (the
 * hold; then the order and its payment, the hold converted, the ticket, the e-mail enqueued).
 * Reports purchases/s, p50/p99 of the payment call, the ratio to the baseline, the server's CPU
 * milliseconds per purchase (/proc/<pid>/stat), how long after the payment's answer the e-mail was
 * delivered, and checks afterwards: every paid order has its tickets and its e-mail (delivered or
 * due), nothing oversold.
 * BENCH_PURCHASE_SECONDS (default 15) per run; BENCH_PURCHASE_BUYERS (default "16,64");
 * BENCH_PURCHASE_PROCESSES (default "1,2"; two report their ratio to one, target 1.7).
 * BENCH_PURCHASE_PROFILE=1: the server runs with --cpu-prof (profiles in bench/results/purchase-prof/).
 * Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { eq } from '../apps/api/src/db/orm.ts';
import { eventTickets, ticketLots, users } from '../apps/api/src/db/schema/index.ts';
import { createSession } from '../apps/api/src/modules/accounts/sessions.ts';
import { brazilianAdult, uniqueCpf, verifiedUserRow } from '../apps/api/src/testing/accounts.ts';
import { createCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { sandboxToken } from '../apps/api/src/testing/checkout-buyer.ts';
import { migratedPostgresTemplate } from '../apps/api/src/testing/migrated-template.ts';
import { keepAliveClient, type TAnswer } from '../e2e/support/keep-alive-client.ts';
import { startNginx } from '../e2e/support/nginx.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_OPTIONS } from '../scripts/production-node.ts';

const SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS ?? 15);
/**
 * Accounts each buyer buys as, in turn, and purchases per account before the next (runOnce): enough
 * that no account passes the identification's CPF-check limit (40 per 10 minutes) even when few buyers
 * each buy fast (at 4 buyers, each completed ~21 purchases a second: twice that is the margin).
 */
const PURCHASES_PER_ACCOUNT = 30;
const ACCOUNTS_PER_BUYER = Math.max(6, Math.ceil((SECONDS * 40) / PURCHASES_PER_ACCOUNT));
const BUYER_COUNTS = (process.env.BENCH_PURCHASE_BUYERS ?? '16,64').split(',').map(Number);
/**
 * Server processes per run (BENCH_PURCHASE_PROCESSES, default "1,2"): two run behind deploy/'s nginx on
 * the same database, and the report gives their purchases per second over one process's at as many buyers.
 */
const PROCESS_COUNTS = (process.env.BENCH_PURCHASE_PROCESSES ?? '1,2').split(',').map(Number);
const PROFILE = process.env.BENCH_PURCHASE_PROFILE === '1';
const LOT_CAPACITY = 1_000_000;

export type TPurchaseRun = {
  buyers: number;
  /** Server processes (behind nginx when more than one). */
  processes: number;
  /** Purchases per second over one process's at as many buyers, in the same run (target 1.7 for two). */
  toOneProcess?: number;
  seconds: number;
  purchases: number;
  purchasesPerSecond: number;
  card: number;
  pix: number;
  failed: number;
  /** The payment call (POST /checkout/v1), card and Pix. */
  payP50Ms: number;
  payP99Ms: number;
  holdP99Ms: number;
  identifyP99Ms: number;
  /** The sandbox's simulate control (the bank paying the Pix, then the checkout told). */
  pixSettleP99Ms: number;
  /** The whole loop (hold → identify → pay [→ Pix settled]). */
  purchaseP99Ms: number;
  baselinePerSecond: number;
  ratio: number;
  serverCpuMsPerPurchase: number;
  /** This driver's own CPU (the buyers' HTTP calls, on the same cores), per purchase. */
  driverCpuMsPerPurchase: number;
  /**
   * One process at the first buyer count: the event page and anonymous holds (autocannon, SIDE_CONNECTIONS
   * each) alone, then while the buyers purchase, with the purchases' rate meanwhile.
   */
  sideBySide?: {
    pagesAlone: TRate;
    pagesDuring: TRate;
    holdsAlone: TRate;
    holdsDuring: TRate;
    purchasesPerSecondDuring: number;
    /**
     * The same crowds while the buyers purchase at half the rate they reached flat out (an on-sale's
     * waiting room admits what the purchase step can take, with room to spare).
     */
    atHalfRate: { pagesDuring: TRate; holdsDuring: TRate; purchasesPerSecondDuring: number };
  };
  /** From the payment's answer to the confirmation e-mail sent (outbox sent_at), per paid order. */
  mailP50Ms: number;
  mailP99Ms: number;
  mailMaxMs: number;
  /** Paid orders without their tickets or without their e-mail (sent or pending), units oversold. */
  missingTickets: number;
  missingMail: number;
  oversold: number;
  /** Share of the sampled database connections in each wait, largest first. */
  waits: Record<string, number>;
  /** SQL statements the server sent per purchase (bench/statement-count.ts), and the most frequent. */
  statementsPerPurchase: number;
  /** Messages the server sent to PostgreSQL per purchase (statements sent together are one). */
  roundTripsPerPurchase: number;
  topStatements: Record<string, number>;
  /** Transactions per purchase, from pg_stat_database (commits+rollbacks) and table counters. */
  transactionsPerPurchase: number;
  rowsWrittenPerPurchase: number;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
};

/** utime + stime of a process, in milliseconds (clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

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
        .slice(0, 8)
        .map(([wait, n]) => [wait, Math.round((n / Math.max(1, samples)) * 1000) / 1000]),
    );
  };
}

async function databaseCounters(client: pg.Client, name: string) {
  const { rows } = await client.query<{ xacts: string; written: string }>(
    `select (xact_commit + xact_rollback)::text as xacts,
       (tup_inserted + tup_updated + tup_deleted)::text as written
     from pg_stat_database where datname = $1`,
    [name],
  );
  return { xacts: Number(rows[0]!.xacts), written: Number(rows[0]!.written) };
}

type TFixture = { lotId: number; ticketId: number; eventId: number; slug: string };

/** The databases this process made, dropped at the end even when a run failed midway. */
const madeDatabases: string[] = [];

/** A fresh database from the migrated template, with one event whose ticket asks a CPF per unit. */
async function freshDatabase(adminUrl: string, tag: string) {
  const name = `bench_purchase_${tag}_${Date.now().toString(36)}`;
  madeDatabases.push(name);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${await migratedPostgresTemplate(adminUrl)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  const made = await createCartFixture(database.db, { lotCapacity: LOT_CAPACITY, maxPerCart: 6 });
  const [lot] = await database.db.select().from(ticketLots).where(eq(ticketLots.id, made.lotId));
  // Identification: each unit names its holder's CPF, at most 4 tickets per CPF.
  await database.db.update(eventTickets).set({ ticketsPerCpf: 4 }).where(eq(eventTickets.id, lot!.ticketId));
  return {
    name,
    url: url.toString(),
    database,
    fixture: {
      lotId: made.lotId,
      ticketId: lot!.ticketId,
      eventId: made.eventId,
      slug: made.slug,
    } as TFixture,
  };
}

/** Verified buyers with a complete profile and an app session (Bearer), written straight to the database. */
async function makeBuyers(database: Awaited<ReturnType<typeof openDatabase>>, count: number) {
  const made: { token: string; userId: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = brazilianAdult();
    const [user] = await database.db
      .insert(users)
      .values(verifiedUserRow(person))
      .returning({ id: users.id });
    const session = await createSession(database.db, user!.id, 1);
    made.push({ userId: user!.id, token: session.token });
  }
  return made;
}

/**
 * The same writes as plain SQL, by `clients` connections: a hold (cart, hold row, lot's held + 1),
 * then the purchase (order and payment, the hold converted: lot's held - 1 and sold + 1, the hold
 * and cart deleted, the ticket, the e-mail enqueued), each a transaction.
 */
async function baseline(url: string, fixture: TFixture, clients: number, userIds: string[]) {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  // An idle client's backend ended (its database dropped by a run's cleanup) must not end the bench:
  // node-postgres emits that on the pool, and an 'error' nobody listens to throws.
  pool.on('error', (error) => console.warn(`baseline pool: ${error.message}`));
  let done = 0;
  const end = Date.now() + SECONDS * 1000;
  const tx = async (client: pg.PoolClient, run: () => Promise<unknown>) => {
    await client.query('begin');
    await run();
    await client.query('commit');
  };
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const client = await pool.connect();
      const userId = userIds[index % userIds.length]!;
      while (Date.now() < end) {
        const cartId = randomUUID();
        const orderId = randomUUID();
        let holdId = 0;
        await tx(client, async () => {
          await client.query(
            `insert into carts (id, session_id, expires_at, user_id) values ($1, $2, now() + interval '10 minutes', $3)`,
            [cartId, randomUUID(), userId],
          );
          const held = await client.query(
            'update ticket_lots set held = held + 1 where id = $1 and sold + held + 1 <= capacity returning id',
            [fixture.lotId],
          );
          if (held.rowCount !== 1) throw new Error('baseline sold out');
          const { rows } = await client.query<{ id: number }>(
            `insert into cart_holds (cart_id, ticket_id, lot_id, quantity, expires_at)
             values ($1, $2, $3, 1, now() + interval '10 minutes') returning id`,
            [cartId, fixture.ticketId, fixture.lotId],
          );
          holdId = rows[0]!.id;
        });
        await tx(client, async () => {
          await client.query(
            `insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash, status, method,
               total_cents, lines, buyer_document, paid_at)
             values ($1, $2, $3, $4, $5, 'h', 3, 'credit_card', 11250, '[]', '52998224725', now())`,
            [orderId, userId, cartId, fixture.eventId, randomUUID()],
          );
          await client.query(
            `insert into payments (id, order_id, gateway, status, amount_cents, method)
             values ($1, $2, 'sandbox', 'approved', 11250, 'credit_card')`,
            [randomUUID(), orderId],
          );
          await client.query('select id from carts where id = $1 for update', [cartId]);
          await client.query('update ticket_lots set held = held - 1, sold = sold + 1 where id = $1', [
            fixture.lotId,
          ]);
          await client.query('delete from cart_holds where id = $1', [holdId]);
          await client.query('delete from carts where id = $1', [cartId]);
          await client.query(
            `insert into tickets (id, order_id, unit, user_id, event_id, ticket_id, lot_id, holder_cpf, qr)
             values ($1, $2, 0, $3, $4, $5, $6, $7, $8)`,
            [
              randomUUID(),
              orderId,
              userId,
              fixture.eventId,
              fixture.ticketId,
              fixture.lotId,
              uniqueCpf(),
              'x'.repeat(200),
            ],
          );
          await client.query(
            `insert into outbox_messages (channel, render, dedupe_key) values ('mail', $1, $2)`,
            [
              JSON.stringify({ kind: 'order_confirmation', orderId, locale: 'pt' }),
              `order_confirmation:${orderId}`,
            ],
          );
        });
        done += 1;
      }
      client.release();
    }),
  );
  await pool.end();
  return done / SECONDS;
}

type TRate = { perSecond: number; p99Ms: number };
const SIDE_SECONDS = 4;
const SIDE_CONNECTIONS = 16;

/** A crowd's rate and p99 at one URL for SIDE_SECONDS (every answer must be a 2xx). */
async function crowd(options: { url: string; method?: 'GET' | 'POST'; body?: string }): Promise<TRate> {
  const result = await autocannon({
    ...options,
    headers: options.body ? { 'content-type': 'application/json' } : {},
    connections: SIDE_CONNECTIONS,
    duration: SIDE_SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { perSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

async function runOnce(adminUrl: string, buyers: number, processes: number): Promise<TPurchaseRun> {
  const base = await freshDatabase(adminUrl, `sql${buyers}`);
  const made = await makeBuyers(base.database, Math.min(buyers, 16));
  await base.database.close();
  const baselinePerSecond = await baseline(
    base.url,
    base.fixture,
    buyers,
    made.map((b) => b.userId),
  );
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${base.name} with (force)`);

  const run = await freshDatabase(adminUrl, `http${buyers}`);
  // Each buyer (a concurrent client) buys as several accounts in turn, PURCHASES_PER_ACCOUNT each:
  // an account buying hundreds of times in a minute would meet the identification's CPF-check
  // limit (40 per 10 min, accounts/rate-limits.ts), which no real buyer reaches.
  const accounts = await makeBuyers(run.database, buyers * ACCOUNTS_PER_BUYER);
  const people = Array.from({ length: buyers }, (_, index) =>
    accounts.slice(index * ACCOUNTS_PER_BUYER, (index + 1) * ACCOUNTS_PER_BUYER),
  );
  const bought = people.map(() => 0);
  await run.database.close();
  const profileDir = path.join(repoRoot, 'bench/results/purchase-prof');
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      startServer({
        DATABASE_URL: run.url,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'error',
        DATABASE_POOL_SIZE: '16',
        PAYMENT_GATEWAY: 'sandbox',
        HOLD_THROTTLE: 'false',
        CAPTCHA_PROVIDER: 'off',
        NODE_OPTIONS: `--import ${path.join(repoRoot, 'bench/statement-count.ts')} ${PRODUCTION_NODE_OPTIONS}${PROFILE ? ` --cpu-prof --cpu-prof-dir=${profileDir}` : ''}`,
        ...PRODUCTION_MALLOC_ENV,
      }),
    ),
  );
  const nginx =
    processes > 1 ? await startNginx({ upstreams: servers.map((one) => `127.0.0.1:${one.port}`) }) : null;
  const site = nginx?.url ?? servers[0]!.url;
  const cpuOfServers = () => servers.reduce((sum, one) => sum + cpuMs(one.pid), 0);
  const pay: number[] = [];
  const holds: number[] = [];
  const identifies: number[] = [];
  const pixSettles: number[] = [];
  const loops: number[] = [];
  const answeredAt = new Map<string, number>();
  let card = 0;
  let pix = 0;
  let failed = 0;
  let measuring = false;
  const firstError: string[] = [];
  const client = keepAliveClient(site, buyers);
  const timed = async (into: number[], call: () => Promise<TAnswer>) => {
    const started = performance.now();
    const { status, text } = await call();
    if (measuring) into.push(performance.now() - started);
    return { status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  /** One buyer purchasing until `until`; with `everyMs`, starting a purchase at most that often. */
  const loop = async (persons: { token: string }[], index: number, until: number, everyMs = 0) => {
    for (let n = 0, next = Date.now(); Date.now() < until; n += 1) {
      if (everyMs > 0) {
        const wait = next - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += everyMs;
        if (Date.now() >= until) break;
      }
      const person = persons[Math.floor(bought[index]! / PURCHASES_PER_ACCOUNT) % persons.length]!;
      bought[index] = (bought[index] ?? 0) + 1;
      const auth = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' };
      const started = performance.now();
      const cpf = uniqueCpf();
      const usePix = (n + index) % 4 === 3;
      const added = await timed(holds, () =>
        client('/api/v4/addtocart', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ lotId: run.fixture.lotId, quantity: 1 }),
        }),
      );
      const sessionId = added.body?.sessionID as string | undefined;
      const fail = (what: string, answer: { status: number; body: unknown }) => {
        failed += 1;
        if (firstError.length < 5) firstError.push(`${what} ${answer.status} ${JSON.stringify(answer.body)}`);
      };
      if (added.status !== 200 || !sessionId) {
        fail('hold', added);
        continue;
      }
      const headers = { ...auth, 'x-session-id': sessionId };
      const checked = await timed(identifies, () =>
        client('/api/CheckTicketsPerCPF', {
          method: 'POST',
          headers,
          body: JSON.stringify({ ticketId: run.fixture.ticketId, eventId: run.fixture.eventId, cpfs: [cpf] }),
        }),
      );
      if (checked.status !== 200 || !checked.body?.ok) {
        fail('identify', checked);
        continue;
      }
      const paid = await timed(pay, () =>
        client('/checkout/v1', {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            ...(usePix
              ? { paymentType: 'pix' }
              : { paymentType: 'credit_card', card: { token: sandboxToken('apro'), installments: 1 } }),
            identificationTickets: [{ indexItem: 0, cpfs: [cpf] }],
          }),
        }),
      );
      const orderId = paid.body?.orderId as string | undefined;
      if (paid.status !== 200 || !orderId) {
        fail('pay', paid);
        continue;
      }
      if (usePix) {
        const settled = await timed(pixSettles, () =>
          client(`/sandbox-gateway/pix/${paid.body.paymentId}/pay`, {
            method: 'POST',
            headers: auth,
          }),
        );
        if (settled.status !== 200 || !String(settled.body?.status).startsWith('approved')) {
          fail('pix', settled);
          continue;
        }
      } else if (paid.body.orderStatus !== 3) {
        fail('card', paid);
        continue;
      }
      answeredAt.set(orderId, Date.now());
      if (measuring) {
        loops.push(performance.now() - started);
        if (usePix) pix += 1;
        else card += 1;
      }
    }
  };

  // Warm-up (JIT, pools, caches), then the measured run.
  await Promise.all(people.map((persons, index) => loop(persons, index, Date.now() + 2000)));
  const check = new pg.Client({ connectionString: run.url });
  await check.connect();
  const countersBefore = await databaseCounters(check, run.name);
  const cpuBefore = cpuOfServers();
  const driverBefore = process.cpuUsage();
  for (const one of servers) process.kill(one.pid, 'SIGUSR2');
  measuring = true;
  const stopSampling = sampleWaits(adminUrl, run.name);
  await Promise.all(people.map((persons, index) => loop(persons, index, Date.now() + SECONDS * 1000)));
  measuring = false;
  const driverCpu = process.cpuUsage(driverBefore);
  const waits = await stopSampling();
  const cpuAfter = cpuOfServers();
  const outputBefore = servers.map((one) => one.output().length);
  for (const one of servers) process.kill(one.pid, 'SIGUSR2');
  const countersAfter = await databaseCounters(check, run.name);
  const purchases = card + pix;
  // Each process prints its statement counts on SIGUSR2 (bench/statement-count.ts): all of them, summed.
  const countedLine = (index: number) =>
    servers[index]!.output()
      .slice(outputBefore[index])
      .split('\n')
      .find((line) => line.startsWith('{"statements"') && line.endsWith('}'));
  const counts = new Map<string, number>();
  let trips = 0;
  for (const [index] of servers.entries()) {
    for (let i = 0; i < 50 && !countedLine(index); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const counted = countedLine(index);
    if (!counted) continue;
    const parsed = JSON.parse(counted) as { statements: Record<string, number>; trips: number };
    for (const [text, n] of Object.entries(parsed.statements)) counts.set(text, (counts.get(text) ?? 0) + n);
    trips += parsed.trips;
  }
  const statements = [...counts].sort((a, b) => b[1] - a[1]);
  const statementsPerPurchase = statements.reduce((n, [, c]) => n + c, 0) / Math.max(1, purchases);
  const topStatements = Object.fromEntries(
    statements.slice(0, 80).map(([text, c]) => [text, Math.round((c / Math.max(1, purchases)) * 100) / 100]),
  );

  // Issue 37: the pages and holds beside the purchases. The event page (anonymous, as most of an
  // on-sale's visitors) and a new buyer's hold (the rush path), each alone, then each while the
  // buyers go on purchasing; their purchases meanwhile are counted but not in the figures above.
  let sideBySide: TPurchaseRun['sideBySide'];
  if (processes === 1 && buyers === BUYER_COUNTS[0]) {
    const page = { url: `${site}/events/${run.fixture.slug}` };
    const hold = {
      url: `${site}/api/v4/addtocart`,
      method: 'POST' as const,
      body: JSON.stringify({ lotId: run.fixture.lotId, quantity: 1 }),
    };
    const pagesAlone = await crowd(page);
    const holdsAlone = await crowd(hold);
    const answeredBefore = answeredAt.size;
    const until = Date.now() + (2 * SIDE_SECONDS + 1) * 1000;
    const buying = Promise.all(people.map((persons, index) => loop(persons, index, until)));
    const pagesDuring = await crowd(page);
    const holdsDuring = await crowd(hold);
    await buying;
    const purchasesPerSecondDuring =
      Math.round(((answeredAt.size - answeredBefore) / (2 * SIDE_SECONDS + 1)) * 10) / 10;
    // Half the flat-out rate: each buyer starts a purchase every `buyers / (rate / 2)` seconds.
    const everyMs = (buyers / (Math.max(1, purchases) / SECONDS / 2)) * 1000;
    const answeredBeforeHalf = answeredAt.size;
    const halfUntil = Date.now() + (2 * SIDE_SECONDS + 1) * 1000;
    const buyingAtHalf = Promise.all(
      people.map((persons, index) => loop(persons, index, halfUntil, everyMs)),
    );
    const pagesAtHalf = await crowd(page);
    const holdsAtHalf = await crowd(hold);
    await buyingAtHalf;
    sideBySide = {
      pagesAlone,
      pagesDuring,
      holdsAlone,
      holdsDuring,
      purchasesPerSecondDuring,
      atHalfRate: {
        pagesDuring: pagesAtHalf,
        holdsDuring: holdsAtHalf,
        purchasesPerSecondDuring:
          Math.round(((answeredAt.size - answeredBeforeHalf) / (2 * SIDE_SECONDS + 1)) * 10) / 10,
      },
    };
  }

  // Every e-mail delivered (or due): wait up to 30 s for the worker to empty the outbox.
  for (let i = 0; i < 60; i += 1) {
    const { rows } = await check.query<{ n: number }>(
      `select count(*)::int as n from outbox_messages where status = 'pending'`,
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  client.close();
  await nginx?.stop();
  await Promise.all(servers.map((one) => one.stop()));
  const { rows: paidOrders } = await check.query<{
    id: string;
    tickets: number;
    units: number;
    mail: string | null;
    sent_ms: string | null;
  }>(
    `select o.id,
       (select count(*)::int from tickets t where t.order_id = o.id) as tickets,
       (select coalesce(sum((l->>'quantity')::int), 0)::int from jsonb_array_elements(o.lines) l) as units,
       m.status as mail, (extract(epoch from m.sent_at) * 1000)::bigint::text as sent_ms
     from orders o left join outbox_messages m on m.dedupe_key = 'order_confirmation:' || o.id
     where o.status = 3`,
  );
  const mailDelays = paidOrders
    .filter((o) => o.sent_ms && answeredAt.has(o.id))
    .map((o) => Math.max(0, Number(o.sent_ms) - answeredAt.get(o.id)!));
  const { rows: stock } = await check.query<{
    capacity: number;
    sold: number;
    held: number;
    tickets: number;
  }>(
    `select l.capacity, l.sold, l.held, (select count(*)::int from tickets t where t.lot_id = l.id) as tickets
     from ticket_lots l where l.id = $1`,
    [run.fixture.lotId],
  );
  await check.end();
  await cleanup.query(`drop database if exists ${run.name} with (force)`);
  await cleanup.end();
  if (firstError.length > 0) console.log('first failures:', firstError);

  const lot = stock[0]!;
  const perSecond = purchases / SECONDS;
  return {
    buyers,
    processes,
    seconds: SECONDS,
    purchases,
    purchasesPerSecond: Math.round(perSecond * 10) / 10,
    card,
    pix,
    failed,
    payP50Ms: percentile(pay, 0.5),
    payP99Ms: percentile(pay, 0.99),
    holdP99Ms: percentile(holds, 0.99),
    identifyP99Ms: percentile(identifies, 0.99),
    pixSettleP99Ms: percentile(pixSettles, 0.99),
    purchaseP99Ms: percentile(loops, 0.99),
    baselinePerSecond: Math.round(baselinePerSecond),
    ratio: Math.round((perSecond / baselinePerSecond) * 1000) / 1000,
    serverCpuMsPerPurchase: Math.round(((cpuAfter - cpuBefore) / Math.max(1, purchases)) * 10) / 10,
    driverCpuMsPerPurchase:
      Math.round(((driverCpu.user + driverCpu.system) / 1000 / Math.max(1, purchases)) * 10) / 10,
    mailP50Ms: percentile(mailDelays, 0.5),
    mailP99Ms: percentile(mailDelays, 0.99),
    mailMaxMs: percentile(mailDelays, 1),
    missingTickets: paidOrders.filter((o) => o.tickets !== o.units).length,
    missingMail: paidOrders.filter((o) => o.mail !== 'sent' && o.mail !== 'pending').length,
    oversold: Math.max(0, lot.sold + lot.held - lot.capacity) + Math.abs(lot.sold - lot.tickets),
    waits,
    statementsPerPurchase: Math.round(statementsPerPurchase * 10) / 10,
    roundTripsPerPurchase: Math.round((trips / Math.max(1, purchases)) * 10) / 10,
    topStatements,
    transactionsPerPurchase:
      Math.round(((countersAfter.xacts - countersBefore.xacts) / Math.max(1, purchases)) * 10) / 10,
    rowsWrittenPerPurchase:
      Math.round(((countersAfter.written - countersBefore.written) / Math.max(1, purchases)) * 10) / 10,
    sideBySide,
  };
}

export const PURCHASE_TARGETS = {
  perSecondAt16: 100,
  payP99MsAt16: 250,
  payP99MsAt64: 1000,
  ratio: 0.3,
  mailMs: 5000,
  /** Two processes behind nginx over one. */
  twoProcesses: 1.7,
};

export async function runPurchase(adminUrl: string): Promise<TPurchaseRun[]> {
  const results: TPurchaseRun[] = [];
  try {
    for (const buyers of BUYER_COUNTS)
      for (const processes of PROCESS_COUNTS) {
        const run = await runOnce(adminUrl, buyers, processes);
        const one = results.find((done) => done.buyers === buyers && done.processes === 1);
        if (processes > 1 && one)
          run.toOneProcess = Math.round((run.purchasesPerSecond / one.purchasesPerSecond) * 100) / 100;
        results.push(run);
      }
  } finally {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of madeDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return results;
}

function verdict(run: TPurchaseRun) {
  const t = PURCHASE_TARGETS;
  if (run.processes > 1)
    return (run.toOneProcess ?? 0) >= t.twoProcesses &&
      run.missingTickets === 0 &&
      run.missingMail === 0 &&
      run.oversold === 0 &&
      run.failed === 0
      ? 'meets targets'
      : 'MISSED targets';
  const ok =
    run.ratio >= t.ratio &&
    run.payP99Ms <= (run.buyers <= 16 ? t.payP99MsAt16 : t.payP99MsAt64) &&
    (run.buyers > 16 || run.purchasesPerSecond >= t.perSecondAt16) &&
    run.mailP99Ms <= t.mailMs &&
    run.missingTickets === 0 &&
    run.missingMail === 0 &&
    run.oversold === 0 &&
    run.failed === 0;
  return ok ? 'meets targets' : 'MISSED targets';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runPurchase(
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  console.table(
    results.map(({ waits, topStatements, sideBySide, ...row }) => ({
      ...row,
      verdict: verdict(row as TPurchaseRun),
    })),
  );
  for (const run of results)
    if (run.sideBySide) console.log(`pages and holds beside ${run.buyers} buyers:`, run.sideBySide);
  for (const run of results) {
    console.log(`database waits at ${run.buyers} buyers:`, run.waits);
    console.log(`statements per purchase at ${run.buyers} buyers (most frequent):`, run.topStatements);
  }
  console.log(
    `targets: >= ${PURCHASE_TARGETS.perSecondAt16}/s at 16 buyers, pay p99 <= ${PURCHASE_TARGETS.payP99MsAt16} ms at 16 and <= ${PURCHASE_TARGETS.payP99MsAt64} ms at 64, ratio >= ${PURCHASE_TARGETS.ratio}, e-mail p99 <= ${PURCHASE_TARGETS.mailMs} ms, two processes >= ${PURCHASE_TARGETS.twoProcesses}x one`,
  );
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'purchase.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        targets: PURCHASE_TARGETS,
        runs: results.map((r) => ({ ...r, verdict: verdict(r) })),
      },
      null,
      2,
    ),
  );
}
