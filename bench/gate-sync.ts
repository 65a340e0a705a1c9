/**
 * The gate's offline sync (issue 35): 10 devices each syncing 5,000 check-ins made offline
 * (50,000 in all) at once, on PostgreSQL, through the one writer (syncDeviceCheckIns in
 * modules/gate/check-in.ts: one guarded UPDATE per sync with its rows locked in id order, the
 * answer per check-in, the duplicates written to gate_check_in_conflicts). 10% of the check-ins
 * are of tickets another device also scanned (2,500 tickets scanned by two devices), so exactly
 * 2,500 conflicts are expected. Baseline, in the same run on the same rows (reset between): the
 * plainest write of those check-ins, `update tickets set ... where id = any($1) and checked_in_at
 * is null` in the same batches of 5,000 from 10 connections at once. The ratio is what the
 * per-check-in answer, the locking order and the conflict rows cost on top of the bare UPDATE.
 * Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432. `node bench/gate-sync.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { syncDeviceCheckIns } from '../apps/api/src/modules/gate/check-in.ts';
import { repoRoot } from '../e2e/support/server.ts';

const DEVICES = 10;
const PER_DEVICE = 5_000;
/** Tickets scanned by two devices (device i and i + 1): 500 of each device's 5,000 check-ins. */
const SHARED = 2_500;
const OWN = PER_DEVICE - (2 * SHARED) / DEVICES;
const TICKETS = DEVICES * OWN + SHARED;
const EVENT = 1;
const STAFF = '00000000-0000-4000-8000-00000000aaaa';

export type TGateSyncBench = {
  checkIns: number;
  tickets: number;
  expectedConflicts: number;
  sync: { ms: number; perSecond: number; conflicts: number; ok: number; checkedIn: number };
  baseline: { ms: number; perSecond: number; checkedIn: number };
  /** sync time / baseline time. */
  ratio: number;
};

const ticketId = (n: number) => `gt${String(n).padStart(6, '0')}`;

/** Each device's 5,000 ticket ids: its own 4,500 and the 500 shared ones it scans with a neighbour. */
function batches(): string[][] {
  return Array.from({ length: DEVICES }, (_, device) => {
    const ids = Array.from({ length: OWN }, (_, i) => ticketId(SHARED + device * OWN + i));
    for (let j = 0; j < SHARED; j += 1)
      if (j % DEVICES === device || (j % DEVICES) + 1 === (device === 0 ? DEVICES : device))
        ids.push(ticketId(j));
    return ids;
  });
}

async function seed(client: pg.Client) {
  await client.query(`
    insert into users (id, name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
    values ('00000000-0000-4000-8000-000000000001', 'Comprador', 'gate@bench.test', '52998224725', 0, '1990-01-01', '+55', '11987654321', 'x')`);
  await client.query(`
    insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash, status, method,
      total_cents, currency, lines, buyer_document)
    select 'order' || n, '00000000-0000-4000-8000-000000000001', 'cart' || n, ${EVENT}, 'key' || n, 'x', 3, 'pix',
      10000, 'BRL', '[]'::jsonb, '52998224725'
    from generate_series(0, 99) as n`);
  await client.query(`
    insert into tickets (id, order_id, unit, user_id, event_id, ticket_id, lot_id, holder_cpf, qr)
    select 'gt' || lpad(n::text, 6, '0'), 'order' || (n % 100), n / 100, '00000000-0000-4000-8000-000000000001',
      ${EVENT}, 1, 1, '52998224725', 'qr'
    from generate_series(0, ${TICKETS - 1}) as n`);
  await client.query('analyze');
}

const reset = (client: pg.Client) =>
  client
    .query(
      `update tickets set checked_in_at = null, checked_in_by = null, check_in_gate = null, checked_in_device = null
       where event_id = ${EVENT} and checked_in_at is not null`,
    )
    .then(() => client.query('vacuum analyze tickets'));

export async function runGateSync(adminUrl: string): Promise<TGateSyncBench> {
  const name = `bench_gate_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), poolSize: DEVICES + 1 });
    await migrateDatabase(database);
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => {});
    await client.connect();
    await seed(client);
    const work = batches();
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const count = async () =>
      Number(
        (await client.query(`select count(*) as n from tickets where checked_in_at is not null`)).rows[0].n,
      );

    // Baseline: the bare guarded UPDATE of the same batches, 10 connections at once.
    const connections = await Promise.all(
      work.map(async () => {
        const c = new pg.Client({ connectionString: url.toString() });
        c.on('error', () => {});
        await c.connect();
        return c;
      }),
    );
    let started = performance.now();
    await Promise.all(
      work.map((ids, device) =>
        connections[device]!.query(
          `update tickets set checked_in_at = $2, checked_in_by = $3, check_in_gate = 'Portão', checked_in_device = $4
           where id = any($1) and checked_in_at is null`,
          [ids, at, STAFF, `device-bench-${device}`],
        ),
      ),
    );
    const baselineMs = performance.now() - started;
    const baselineCheckedIn = await count();
    await Promise.all(connections.map((c) => c.end()));
    await reset(client);

    // The sync: the one writer, each device's 5,000 at once.
    started = performance.now();
    const answers = await Promise.all(
      work.map((ids, device) =>
        syncDeviceCheckIns(database.db, {
          eventId: EVENT,
          deviceId: `device-bench-${device}`,
          staffId: STAFF,
          checkIns: ids.map((id, i) => ({
            clientId: `c-${device}-${i}-bench`,
            ticketId: id,
            v: 1,
            at,
            gate: 'Portão',
          })),
        }),
      ),
    );
    const syncMs = performance.now() - started;
    const results = answers.flat();
    const conflicts = Number(
      (await client.query('select count(*) as n from gate_check_in_conflicts')).rows[0].n,
    );
    const checkIns = DEVICES * PER_DEVICE;
    const result: TGateSyncBench = {
      checkIns,
      tickets: TICKETS,
      expectedConflicts: SHARED,
      sync: {
        ms: Math.round(syncMs),
        perSecond: Math.round(checkIns / (syncMs / 1000)),
        conflicts,
        ok: results.filter((r) => r.result === 'ok').length,
        checkedIn: await count(),
      },
      baseline: {
        ms: Math.round(baselineMs),
        perSecond: Math.round(checkIns / (baselineMs / 1000)),
        checkedIn: baselineCheckedIn,
      },
      ratio: Math.round((syncMs / baselineMs) * 100) / 100,
    };
    await client.end();
    await database.close();
    return result;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runGateSync(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  console.table({ sync: result.sync, baseline: { ...result.baseline, conflicts: '-', ok: '-' } });
  const verdict =
    result.sync.conflicts === result.expectedConflicts && result.sync.checkedIn === result.tickets
      ? 'conflicts equal the overlaps'
      : 'WRONG: conflicts or check-ins off';
  console.log(
    `${result.checkIns} check-ins on ${result.tickets} tickets: ${result.sync.conflicts} conflicts (expected ${result.expectedConflicts}): ${verdict}; sync/baseline ${result.ratio}`,
  );
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'gate-sync.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
}
