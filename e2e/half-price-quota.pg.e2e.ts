import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { createCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { migratedPostgresTemplate } from '../apps/api/src/testing/migrated-template.ts';
import { alone, CAMERA_OR_RUSH } from './support/alone.ts';
import { fire } from './support/load.ts';
import { startServer, type TRunningServer } from './support/server.ts';

// Issue 36: the half-price quota under a rush. Included by vitest.config.ts only with PostgreSQL.
const adminUrl = process.env.DATABASE_URL!;
/** The lot has room for every attempt: only the section's half-price quota can refuse. */
const LOT_CAPACITY = 2_000;
// A third of the first rush (600 for 60): still ten buyers per unit, 48 at once, so the quota is
// fought over and the read-then-write control still oversells; about a third of the time.
const QUOTA = 20;
const ATTEMPTS = 200;
const CONCURRENCY = 48;

async function query(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

type TScenario = {
  url: string;
  lotId: number;
  sectionId: number;
  servers: TRunningServer[];
  drop(): Promise<void>;
};

/** A fresh database whose fixture lot is a half-price ticket with a quota of QUOTA, and two servers. */
async function scenario(env: Record<string, string>): Promise<TScenario> {
  const name = `e2e_half_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await query(adminUrl, `create database ${name} template ${await migratedPostgresTemplate(adminUrl)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  const fixture = await createCartFixture(database.db, { lotCapacity: LOT_CAPACITY, seats: 1, tables: 1 });
  await database.close();
  const [row] = await query(
    url.toString(),
    `with t as (
       update event_tickets set half_price = true
       where id = (select ticket_id from ticket_lots where id = $1) returning section_id
     ), e as (update events set half_price_quota_percent = 40 where id = $2)
     update event_sections set half_quota = $3 where id = (select section_id from t) returning id`,
    [fixture.lotId, fixture.eventId, QUOTA],
  );
  const serverEnv = {
    DATABASE_URL: url.toString(),
    DEMO_DATA: 'false',
    DATABASE_POOL_SIZE: '24',
    LOG_LEVEL: 'error',
    ...env,
  };
  const servers = await Promise.all([startServer(serverEnv), startServer(serverEnv)]);
  return {
    url: url.toString(),
    lotId: fixture.lotId,
    sectionId: row.id,
    servers,
    async drop() {
      await Promise.all(servers.map((server) => server.stop()));
      await query(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** ATTEMPTS different buyers (no session), one half-price unit each, spread over both processes. */
function rush(s: TScenario) {
  return alone(CAMERA_OR_RUSH, () =>
    fire(ATTEMPTS, CONCURRENCY, async (index) => {
      const server = s.servers[index % s.servers.length]!;
      const response = await fetch(`${server.url}/api/v4/addtocart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lotId: s.lotId, quantity: 1 }),
      });
      const body = (await response.json()) as { Message?: string };
      return { status: response.status, message: body.Message };
    }),
  );
}

async function counts(s: TScenario) {
  const [section] = await query(
    s.url,
    'select half_quota, half_sold, half_held from event_sections where id = $1',
    [s.sectionId],
  );
  const [holds] = await query(
    s.url,
    'select coalesce(sum(quantity), 0)::int as units from cart_holds where lot_id = $1 and not released',
    [s.lotId],
  );
  return { section, holdUnits: holds.units as number };
}

describe(`half-price quota under a rush: ${ATTEMPTS} buyers for ${QUOTA} half-price units, two processes`, {
  timeout: 120_000,
}, () => {
  const scenarios: TScenario[] = [];
  // Each test's servers (2 x 24 connections) go before the next starts: PostgreSQL allows 100 here.
  afterEach(async () => {
    await Promise.all(scenarios.splice(0).map((s) => s.drop()));
  });

  it('never holds more half-price units than the quota, and says why the others are refused', async () => {
    const s = await scenario({});
    scenarios.push(s);
    const attempts = await rush(s);
    expect(attempts.filter((a) => a.status >= 500)).toEqual([]);
    const accepted = attempts.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(QUOTA);
    const { section, holdUnits } = await counts(s);
    expect(holdUnits).toBe(QUOTA);
    expect(section.half_held).toBe(QUOTA);
    expect(section.half_sold + section.half_held).toBeLessThanOrEqual(section.half_quota);
    const refused = attempts.filter((a) => a.status !== 200);
    expect(refused.length).toBe(ATTEMPTS - QUOTA);
    expect(new Set(refused.map((a) => a.message))).toEqual(new Set(['Meia-entrada esgotada neste setor.']));
  });

  it('negative control: the quota counted by read-then-write (TEST_UNSAFE_CART_STOCK) oversells it', async () => {
    const s = await scenario({ TEST_UNSAFE_CART_STOCK: 'true' });
    scenarios.push(s);
    await rush(s);
    const { holdUnits } = await counts(s);
    expect(holdUnits).toBeGreaterThan(QUOTA);
  });
});
