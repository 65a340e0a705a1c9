import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { migratedPostgresTemplate } from '../apps/api/src/testing/migrated-template.ts';
import { acquire, alone, CAMERA_OR_RUSH } from './support/alone.ts';
import { fire } from './support/load.ts';
import { startServer, type TRunningServer } from './support/server.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server.
const adminUrl = process.env.DATABASE_URL!;
const LOT_CAPACITY = 500;
const ATTEMPTS = { lot: 6_000, seat: 2_500, table: 2_500 };
const CONCURRENCY = 64;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

type TScenario = { url: string; servers: TRunningServer[]; fixture: TCartFixture; drop(): Promise<void> };

/** A fresh database with one event, and two server processes on it. */
async function scenario(
  env: Record<string, string>,
  fixtureOptions: Parameters<typeof createCartFixture>[1] = {},
): Promise<TScenario> {
  const name = `e2e_cart_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  // From the migrated template the API tests use too: the migration below finds nothing to do.
  await admin(`create database ${name} template ${await migratedPostgresTemplate(adminUrl)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  const fixture = await createCartFixture(database.db, {
    lotCapacity: LOT_CAPACITY,
    seats: 1,
    tables: 1,
    maxPerCart: 6,
    ...fixtureOptions,
  });
  await database.close();
  const serverEnv = {
    DATABASE_URL: url.toString(),
    DEMO_DATA: 'false',
    DATABASE_POOL_SIZE: '24',
    LOG_LEVEL: 'error',
    ...env,
  };
  const servers = await Promise.all([startServer(serverEnv), startServer(serverEnv)]);
  // The SIGKILL test replaces a killed process; dropping the database stops whatever runs then.
  return {
    url: url.toString(),
    servers,
    fixture,
    async drop() {
      await Promise.all(servers.map((server) => server.stop()));
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

type TAttempt = { target: 'lot' | 'seat' | 'table'; status: number; sessionId?: string };

/** Every attempt is a different buyer (no session), spread over both processes. */
async function onSale(s: TScenario, scale = 1): Promise<TAttempt[]> {
  const { fixture } = s;
  const count = (n: number) => Math.round(n * scale);
  const plan: { target: TAttempt['target']; body: Record<string, unknown> }[] = [
    ...Array.from({ length: count(ATTEMPTS.lot) }, () => ({
      target: 'lot' as const,
      body: { lotId: fixture.lotId, quantity: 1 },
    })),
    ...Array.from({ length: count(ATTEMPTS.seat) }, () => ({
      target: 'seat' as const,
      body: { lotId: fixture.seatLotId, controlledPlaceId: fixture.seatIds[0], quantity: 1 },
    })),
    ...Array.from({ length: count(ATTEMPTS.table) }, () => ({
      target: 'table' as const,
      body: { lotId: fixture.tableLotId, controlledPlaceId: fixture.tableIds[0], quantity: 1 },
    })),
  ];
  // Interleave the three targets (a fixed permutation) so they race each other as well.
  const shuffled = plan
    .map((item, i) => ({ item, key: (i * 7919) % plan.length }))
    .sort((a, b) => a.key - b.key);
  // Never beside a webcam capture of another journey (support/alone.ts).
  return alone(CAMERA_OR_RUSH, () =>
    fire(shuffled.length, CONCURRENCY, async (index) => {
      const { item } = shuffled[index]!;
      const server = s.servers[index % s.servers.length]!;
      const response = await fetch(`${server.url}/api/v4/addtocart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(item.body),
      });
      const body = (await response.json()) as { sessionID?: string };
      return { target: item.target, status: response.status, sessionId: body.sessionID };
    }),
  );
}

async function stockOf(s: TScenario) {
  const client = new pg.Client({ connectionString: s.url });
  await client.connect();
  const one = async (text: string, values: unknown[]) => (await client.query(text, values)).rows[0];
  const { fixture } = s;
  const lot = await one('select capacity, sold, held from ticket_lots where id = $1', [fixture.lotId]);
  const lotHolds = await one(
    'select coalesce(sum(quantity), 0)::int as units, count(*)::int as rows from cart_holds where lot_id = $1 and not released',
    [fixture.lotId],
  );
  const seatHolds = await one(
    'select count(*)::int as n from cart_holds where controlled_place_id = $1 and not released',
    [fixture.seatIds[0]],
  );
  const tableHolds = await one(
    'select count(*)::int as n from cart_holds where controlled_place_id = $1 and not released',
    [fixture.tableIds[0]],
  );
  const sessions = (
    await client.query(
      'select c.session_id from carts c join cart_holds h on h.cart_id = c.id where not h.released',
    )
  ).rows.map((row) => row.session_id as string);
  await client.end();
  return {
    lot,
    lotHolds,
    seatHolds: seatHolds.n as number,
    tableHolds: tableHolds.n as number,
    sessions: new Set(sessions),
  };
}

// A rush takes ~25 s on an idle 2-core machine and more than twice that beside the other
// journeys (it outlasted the default minute in CI): its limit is the load's, not a speed target.
describe('on-sale rush: 10,000 concurrent add-to-cart attempts from two processes', {
  timeout: 240_000,
}, () => {
  const scenarios: TScenario[] = [];
  afterAll(async () => {
    await Promise.all(scenarios.map((s) => s.drop()));
  });

  it('never oversells a lot, a seat or a table, and loses no accepted hold', async () => {
    const s = await scenario({});
    scenarios.push(s);
    const attempts = await onSale(s);
    expect(attempts.length).toBeGreaterThanOrEqual(10_000);
    // Every refusal is a clear 4xx, never a 500.
    expect(attempts.filter((a) => a.status >= 500)).toEqual([]);
    const accepted = attempts.filter((a) => a.status === 200);
    const stock = await stockOf(s);

    const lotAccepted = accepted.filter((a) => a.target === 'lot').length;
    expect(lotAccepted).toBe(LOT_CAPACITY);
    expect(stock.lotHolds.units).toBe(LOT_CAPACITY);
    expect(stock.lot.held + stock.lot.sold).toBeLessThanOrEqual(stock.lot.capacity);
    expect(stock.lot.held).toBe(stock.lotHolds.units);

    expect(accepted.filter((a) => a.target === 'seat')).toHaveLength(1);
    expect(stock.seatHolds).toBe(1);
    expect(accepted.filter((a) => a.target === 'table')).toHaveLength(1);
    expect(stock.tableHolds).toBe(1);

    // No accepted hold lost: every buyer told "yes" has a live hold in the database.
    for (const attempt of accepted) expect(stock.sessions.has(attempt.sessionId!)).toBe(true);
  });

  it('survives a SIGKILL mid-rush: after a restart availability is capacity minus live holds and sales', async () => {
    const s = await scenario({});
    scenarios.push(s);
    const [victim, survivor] = s.servers as [TRunningServer, TRunningServer];
    const outcomes: number[] = [];
    const release = await acquire(CAMERA_OR_RUSH);
    const rush = fire(3_000, 32, async (index) => {
      const server = index % 2 === 0 ? victim : survivor;
      try {
        const response = await fetch(`${server.url}/api/v4/addtocart`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lotId: s.fixture.lotId, quantity: 1 }),
        });
        outcomes.push(response.status);
      } catch {
        outcomes.push(0); // the killed process dropped the connection
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await victim.crash();
    await rush.finally(release);
    expect(outcomes.filter((status) => status === 0).length).toBeGreaterThan(0);

    const restarted = await startServer({ DATABASE_URL: s.url, DEMO_DATA: 'false', LOG_LEVEL: 'error' });
    s.servers.push(restarted);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    const stock = await stockOf(s);
    expect(stock.lot.held).toBe(stock.lotHolds.units);
    expect(stock.lot.sold + stock.lot.held).toBeLessThanOrEqual(stock.lot.capacity);
    // The restarted process sells exactly what is left.
    const left = stock.lot.capacity - stock.lot.sold - stock.lot.held;
    const more = await fire(left + 20, 16, async () => {
      const response = await fetch(`${restarted.url}/api/v4/addtocart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lotId: s.fixture.lotId, quantity: 1 }),
      });
      return response.status;
    });
    expect(more.filter((status) => status === 200)).toHaveLength(left);
  });

  it('loses no accepted hold and sells nothing twice when the database drops its connections mid-rush', async () => {
    const s = await scenario({});
    scenarios.push(s);
    const name = new URL(s.url).pathname.slice(1);
    const killer = new pg.Client({ connectionString: adminUrl });
    await killer.connect();
    let killing = true;
    let killed = 0;
    // Every backend of the rush's database is terminated every 250 ms while buyers keep coming:
    // statements are lost before, during and after their commit.
    const kills = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      while (killing) {
        const { rows } = await killer.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        killed += rows[0].n as number;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const attempts = await alone(CAMERA_OR_RUSH, () =>
      fire(1_200, CONCURRENCY, async (index) => {
        const server = s.servers[index % s.servers.length]!;
        const response = await fetch(`${server.url}/api/v4/addtocart`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lotId: s.fixture.lotId, quantity: 1 }),
        });
        const body = (await response.json()) as { sessionID?: string };
        return { status: response.status, sessionId: body.sessionID };
      }),
    );
    killing = false;
    await kills;
    await killer.end();
    expect(killed).toBeGreaterThan(0);
    const count = (status: number) => attempts.filter((a) => a.status === status).length;
    console.log(
      `lost connections: ${killed} terminated; ${count(200)} held, ${count(422)} refused, ${count(503)} asked to retry`,
    );

    // A lost connection is a 503 to retry, never a 500; a buyer told yes has a live hold.
    expect(attempts.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(attempts.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    const stock = await stockOf(s);
    const accepted = attempts.filter((a) => a.status === 200);
    for (const attempt of accepted) expect(stock.sessions.has(attempt.sessionId!)).toBe(true);
    expect(stock.lot.held).toBe(stock.lotHolds.units);
    expect(stock.lot.sold + stock.lot.held).toBeLessThanOrEqual(stock.lot.capacity);
    // Holds nobody was told about (their answer was lost) are at most the 503s.
    expect(stock.lotHolds.units - accepted.length).toBeGreaterThanOrEqual(0);
    expect(stock.lotHolds.units - accepted.length).toBeLessThanOrEqual(
      attempts.filter((a) => a.status === 503).length,
    );
  });

  it('negative control: with the protection switched off the same rush oversells', async () => {
    const s = await scenario({ TEST_UNSAFE_CART_STOCK: 'true' });
    scenarios.push(s);
    // A quarter of the rush is plenty to show the race.
    const attempts = await onSale(s, 0.25);
    const accepted = attempts.filter((a) => a.status === 200);
    const stock = await stockOf(s);
    const seatsSold = accepted.filter((a) => a.target === 'seat').length;
    const lotUnits = stock.lotHolds.units;
    // Read-then-write loses updates: more buyers hold units than exist.
    expect(seatsSold > 1 || lotUnits > LOT_CAPACITY).toBe(true);
    console.log(
      `negative control: ${lotUnits} lot units held of ${LOT_CAPACITY}; ${seatsSold} buyers hold the one seat`,
    );
  });
});

/**
 * Issue 31: buyers who each hold a seat of one open table all add one more at once, through both
 * processes: only as many as the table has left get one, and the lot's and the table's counters
 * equal the seats the cart lines hold.
 */
async function lastSeatsRace(s: TScenario) {
  const { fixture } = s;
  const seat = { lotId: fixture.openTableLotId, controlledPlaceId: fixture.openTableId, quantity: 1 };
  const post = (server: TRunningServer, body: Record<string, unknown>) =>
    fetch(`${server.url}/api/v4/addtocart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sessions: string[] = [];
  for (let i = 0; i < OPEN_TABLE.holders; i += 1) {
    const response = await post(s.servers[i % 2]!, seat);
    expect(response.status).toBe(200);
    sessions.push(((await response.json()) as { sessionID: string }).sessionID);
  }
  const attempts = await fire(sessions.length * OPEN_TABLE.triesEach, CONCURRENCY, async (index) => {
    const response = await post(s.servers[index % 2]!, {
      ...seat,
      sessionId: sessions[index % sessions.length],
    });
    return response.status;
  });
  const client = new pg.Client({ connectionString: s.url });
  await client.connect();
  const one = async (text: string, values: unknown[]) => (await client.query(text, values)).rows[0];
  const place = await one('select capacity, sold, held from controlled_places where id = $1', [
    fixture.openTableId,
  ]);
  const lot = await one('select held from ticket_lots where id = $1', [fixture.openTableLotId]);
  const rows = await one(
    'select coalesce(sum(quantity), 0)::int as seats from cart_holds where controlled_place_id = $1 and not released',
    [fixture.openTableId],
  );
  await client.end();
  return { attempts, place, lot, rowSeats: rows.seats as number };
}

// Eight connections a process are plenty for 120 adds, and keep this suite, beside the other
// journeys on the same server, under PostgreSQL's connection limit (a full run hit it at 24).
const OPEN_TABLE = { seats: 60, holders: 40, triesEach: 3, env: { DATABASE_POOL_SIZE: '8' } };

describe('the last seats of an open table, added to the carts that hold it, from two processes', {
  timeout: 120_000,
}, () => {
  it('gives each free seat to one buyer, and the counters equal the cart lines', async () => {
    const s = await scenario(OPEN_TABLE.env, { openTableSeats: OPEN_TABLE.seats });
    const race = await lastSeatsRace(s).finally(() => s.drop());
    expect(race.attempts.filter((status) => status >= 500)).toEqual([]);
    expect(race.attempts.filter((status) => status === 200)).toHaveLength(
      OPEN_TABLE.seats - OPEN_TABLE.holders,
    );
    expect(race.place.held).toBe(OPEN_TABLE.seats);
    expect([race.place.held, race.lot.held]).toEqual([race.rowSeats, race.rowSeats]);
  });

  // A lost update needs two writes to overlap, which a quiet round may not give: the race is run
  // again (a new database and processes each time) until it shows, up to four rounds. One full run
  // saw it in the first round (lot counter 42 for 60 seats held), another in none of one round.
  it('negative control: with the protection switched off a counter loses seats or the table oversells', {
    timeout: 360_000,
  }, async () => {
    const free = OPEN_TABLE.seats - OPEN_TABLE.holders;
    let shown = false;
    for (let round = 1; round <= 4 && !shown; round += 1) {
      // Each round's processes and database go before the next: four at once would pass the
      // server's connection limit.
      const s = await scenario(
        { ...OPEN_TABLE.env, TEST_UNSAFE_CART_STOCK: 'true' },
        { openTableSeats: OPEN_TABLE.seats },
      );
      const race = await lastSeatsRace(s).finally(() => s.drop());
      const accepted = race.attempts.filter((status) => status === 200).length;
      console.log(
        `open-table negative control, round ${round}: ${accepted} seats given for ${free} free; table counter ${race.place.held}, lot counter ${race.lot.held}, lines ${race.rowSeats}`,
      );
      const lost = race.place.held !== race.rowSeats || race.lot.held !== race.rowSeats;
      shown = accepted > free || lost;
    }
    expect(shown).toBe(true);
  });
});
