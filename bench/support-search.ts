/**
 * Support's order search on 100,000 orders (issue 33): p50 and p99 of GET /api/staff/orders?q=
 * through HTTP for each kind of key (CPF, e-mail, order code, a card's last four, a Pix E2E id), against a
 * baseline measured in the same run: the very statement the search runs (searchStatement in
 * modules/support/search-orders.ts), sent straight to PostgreSQL. The ratio is what the HTTP
 * layer, the staff session, the JSON and the masking cost on top of the query. Before timing,
 * each kind's plan is read with EXPLAIN: a sequential scan of orders, payments, tickets or users
 * would make the search grow with the table, so the run reports it.
 * Needs PostgreSQL: DATABASE_URL, or a local server at 127.0.0.1:5432. `node bench/support-search.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { PgDialect } from '../apps/api/src/db/pg-core.ts';
import { searchKindOf } from '../apps/api/src/modules/support/search-kind.ts';
import { SEARCH_PAGE_SIZE, searchStatement } from '../apps/api/src/modules/support/search-orders.ts';
import { staffSession } from '../apps/api/src/testing/staff.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const ORDERS = 100_000;
const BUYERS = 10_000;
/** Searches timed per kind (each a different key), after as many to warm up. */
const SAMPLES = 400;
const KINDS = ['cpf', 'email', 'code', 'last4', 'pix_e2e'] as const;
type TKindName = (typeof KINDS)[number];

export type TSupportSearchResult = {
  orders: number;
  kinds: Record<
    TKindName,
    {
      /** No sequential scan of a big table in the plan. */
      indexed: boolean;
      planNodes: string[];
      sqlP50Ms: number;
      sqlP99Ms: number;
      httpP50Ms: number;
      httpP99Ms: number;
      /** HTTP p99 / SQL p99. */
      ratioP99: number;
      hitsPerSearch: number;
    }
  >;
  targets: { httpP99Ms: number };
};

/** 10,000 buyers with 10 orders each; a payment per order (cards with last four, Pix with an E2E id), split parts for some; a ticket per order. */
async function seed(client: pg.Client) {
  await client.query(`
    insert into users (id, name, email, document, nationality, birth_date, ddi_phone, phone, password_hash)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'Comprador ' || n,
      'comprador' || n || '@bench.test', lpad((n * 7919)::text, 11, '0'), 0, '1990-01-01', '+55', '11987654321', 'x'
    from generate_series(1, ${BUYERS}) as n`);
  await client.query(`
    insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash, status, method,
      total_cents, currency, lines, buyer_document, created_at)
    select md5('order' || n)::uuid::text, ('00000000-0000-4000-8000-' || lpad(to_hex(1 + n % ${BUYERS}), 12, '0'))::uuid,
      'cart' || n, 1 + n % 50, 'key' || n, 'x', 3, case when n % 3 = 0 then 'pix' else 'credit_card' end,
      10000 + n % 500, 'BRL',
      jsonb_build_array(jsonb_build_object('eventName', 'Evento ' || (1 + n % 50), 'sectionName', 'Pista',
        'ticketName', 'Inteira', 'quantity', 1, 'unitCents', 10000, 'ticketId', 1, 'lotId', 1, 'controlledPlaceId', null,
        'placeAlias', null)),
      lpad(((1 + n % ${BUYERS}) * 7919)::text, 11, '0'), now() - n * interval '30 seconds'
    from generate_series(1, ${ORDERS}) as n`);
  await client.query(`
    insert into payments (id, order_id, gateway, gateway_ref, status, status_detail, amount_cents, currency, method,
      card_brand, card_last4, pix_end_to_end_id)
    select 'pay' || n, md5('order' || n)::uuid::text, 'sandbox', 'ref' || n, 'approved', 'accredited', 10000, 'BRL',
      case when n % 3 = 0 then 'pix' else 'credit_card' end,
      case when n % 3 = 0 then null else 'visa' end,
      case when n % 3 = 0 then null else lpad((n * 37 % 10000)::text, 4, '0') end,
      case when n % 3 = 0 then 'E99999999202601011200' || upper(substr(md5('e2e' || n), 1, 11)) else null end
    from generate_series(1, ${ORDERS}) as n`);
  await client.query(`
    insert into tickets (id, order_id, unit, user_id, event_id, ticket_id, lot_id, holder_cpf, qr)
    select 'tk' || n, md5('order' || n)::uuid::text, 0, ('00000000-0000-4000-8000-' || lpad(to_hex(1 + n % ${BUYERS}), 12, '0'))::uuid,
      1 + n % 50, 1, 1, lpad((n::bigint * 104729 % 99999999999)::text, 11, '0'), 'qr'
    from generate_series(1, ${ORDERS}) as n`);
  // One card order in ten split across two cards (multi-payment): their last four are searched too.
  await client.query(`
    insert into payment_parts (id, order_id, payment_id, position, value_cents, amount_cents, currency, gateway,
      status, card_brand, card_last4)
    select 'part' || n || '-' || p, md5('order' || n)::uuid::text, 'pay' || n, p, 5000, 5000, 'BRL', 'sandbox',
      'approved', 'master', lpad(((n * 53 + p) % 10000)::text, 4, '0')
    from generate_series(1, ${ORDERS}) as n, generate_series(1, 2) as p where n % 10 = 1`);
  await client.query('analyze');
}

/** What support types for sample `i` of a kind: a buyer's CPF (masked), e-mail, an order's code, a last four, a Pix's E2E id. */
function keyOf(kind: TKindName, i: number): string {
  const buyer = 1 + ((i * 97) % BUYERS);
  const cpf = String(buyer * 7919).padStart(11, '0');
  if (kind === 'cpf') return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  if (kind === 'email') return `Comprador${buyer}@bench.test`;
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  if (kind === 'code') return `Pedido ${md5(`order${i}`).slice(0, 8).toUpperCase()}`;
  if (kind === 'pix_e2e')
    return `E99999999202601011200${md5(`e2e${3 * i}`)
      .slice(0, 11)
      .toUpperCase()}`;
  return String((i * 37) % 10000).padStart(4, '0');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Every node of a plan (EXPLAIN FORMAT JSON), as 'Node Type on relation'. */
function planNodes(plan: Record<string, unknown>): string[] {
  const here = `${plan['Node Type']}${plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''}${plan['Index Name'] ? ` (${plan['Index Name']})` : ''}`;
  return [here, ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(planNodes)];
}

export async function runSupportSearch(adminUrl: string): Promise<TSupportSearchResult> {
  const name = `bench_support_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    await migrateDatabase(database);
    const staff = await staffSession(database.db, { role: 'support' });
    await database.close();
    const client = new pg.Client({ connectionString: url.toString() });
    // The database is dropped in `finally`: a connection still open then must not hide the run's own error.
    client.on('error', () => {});
    await client.connect();
    await seed(client);
    const dialect = new PgDialect();
    const queryOf = (typed: string) => {
      const key = searchKindOf(typed);
      if (!key) throw new Error(`not a key: ${typed}`);
      return dialect.sqlToQuery(searchStatement(key, null, SEARCH_PAGE_SIZE + 1));
    };

    const server = await startServer({
      DATABASE_URL: url.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
    });
    const kinds = {} as TSupportSearchResult['kinds'];
    try {
      for (const kind of KINDS) {
        const explained = queryOf(keyOf(kind, 1));
        const { rows: plan } = await client.query(`explain (format json) ${explained.sql}`, explained.params);
        const nodes = planNodes(
          (plan[0] as { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] })['QUERY PLAN'][0].Plan,
        );
        const indexed = !nodes.some((node) =>
          /^Seq Scan on (orders|payments|payment_parts|tickets|users)\b/.test(node),
        );
        const sql: number[] = [];
        const http: number[] = [];
        let hits = 0;
        for (let i = 1; i <= SAMPLES * 2; i += 1) {
          const typed = keyOf(kind, i);
          const query = queryOf(typed);
          let started = performance.now();
          await client.query(query.sql, query.params);
          if (i > SAMPLES) sql.push(performance.now() - started);
          started = performance.now();
          const response = await fetch(`${server.url}/api/staff/orders?q=${encodeURIComponent(typed)}`, {
            headers: { cookie: staff.cookie },
          });
          const body = (await response.json()) as { orders?: unknown[] };
          if (response.status !== 200)
            throw new Error(`${kind} ${typed}: ${response.status} ${JSON.stringify(body)}`);
          if (i > SAMPLES) {
            http.push(performance.now() - started);
            hits += body.orders?.length ?? 0;
          }
        }
        sql.sort((a, b) => a - b);
        http.sort((a, b) => a - b);
        kinds[kind] = {
          indexed,
          planNodes: nodes,
          sqlP50Ms: round(percentile(sql, 0.5)),
          sqlP99Ms: round(percentile(sql, 0.99)),
          httpP50Ms: round(percentile(http, 0.5)),
          httpP99Ms: round(percentile(http, 0.99)),
          ratioP99: round(percentile(http, 0.99) / Math.max(0.01, percentile(sql, 0.99))),
          hitsPerSearch: round(hits / SAMPLES),
        };
      }
    } finally {
      await server.stop();
      await client.end();
    }
    return { orders: ORDERS, kinds, targets: { httpP99Ms: 100 } };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runSupportSearch(
    process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  console.table(
    Object.entries(result.kinds).map(([kind, { planNodes: _, ...row }]) => ({
      kind,
      ...row,
      verdict: row.indexed && row.httpP99Ms <= result.targets.httpP99Ms ? 'meets target' : 'MISSED target',
    })),
  );
  for (const [kind, { planNodes: nodes }] of Object.entries(result.kinds))
    console.log(`${kind} plan:`, nodes.join(' > '));
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'support-search.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
}
