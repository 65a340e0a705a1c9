import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PLAN } from './fresh-plan.ts';
import { statementKeepingClient } from './pg-statements.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite has its own: pglite-statements).
const adminUrl = process.env.DATABASE_URL!;

describe('kept statements on PostgreSQL', () => {
  const name = `t_stmt_${Date.now().toString(36)}`;
  let url: string;
  let plain: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const at = new URL(adminUrl);
    at.pathname = `/${name}`;
    url = at.toString();
    plain = new pg.Client({ connectionString: url });
    await plain.connect();
    await plain.query(`create table lots (id int primary key, name text not null, price numeric, at timestamptz, tags jsonb);
      insert into lots values (1, 'Pista', 120.5, '2026-11-27T20:00:00Z', '["vip"]'), (2, 'Camarote', null, null, null);`);
  });
  const clients: pg.Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
    await plain.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function kept(options: Parameters<typeof statementKeepingClient>[0] = {}) {
    const Client = statementKeepingClient(options);
    const client = new Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    const named = async () =>
      (
        await client.query<{ statement: string; generic_plans: string }>(
          'select statement, generic_plans from pg_prepared_statements',
        )
      ).rows.sort((a, b) => (a.statement < b.statement ? -1 : 1));
    return { client, named };
  }

  it('answers what node-postgres answers, and keeps a recurring text with its plan on the connection', async () => {
    const { client, named } = await kept();
    const text = 'select * from lots where id = any($1::int[]) and (at is null or at > $2) order by id';
    const params = [[1, 2], new Date('2026-01-01T00:00:00Z')];
    const expected = await plain.query(text, params);
    for (let run = 0; run < 8; run += 1) {
      const answer = await client.query(text, params);
      expect(answer.rows).toEqual(expected.rows);
    }
    // Drizzle's shape: a config object, array rows, values apart.
    const lookup = { text: 'select name from lots where id = $1', rowMode: 'array' as const };
    for (let run = 0; run < 8; run += 1)
      expect((await client.query(lookup, [2])).rows).toEqual([['Camarote']]);
    const statements = await named();
    expect(new Set(statements.map((row) => row.statement))).toEqual(new Set([lookup.text, text]));
    // After a few runs PostgreSQL plans the lookup once for all runs.
    const plans = statements.find((row) => row.statement === lookup.text)?.generic_plans;
    expect(Number(plans)).toBeGreaterThan(0);
  });

  it('names no text that ran once, none without parameters, and none beyond the connection bound', async () => {
    const { client, named } = await kept({ perConnection: 2 });
    await client.query('select name from lots where id = $1', [1]);
    for (let run = 0; run < 3; run += 1) await client.query('select count(*) from lots');
    for (const text of ['select 1 + $1::int as n', 'select 2 + $1::int as n', 'select 3 + $1::int as n'])
      for (let run = 0; run < 3; run += 1) expect((await client.query(text, [run])).rows).toHaveLength(1);
    expect((await named()).map((row) => row.statement)).toEqual([
      'select 1 + $1::int as n',
      'select 2 + $1::int as n',
    ]);
  });

  it('throws the database error of a kept statement, keeps no text that does not parse, and goes on serving', async () => {
    const { client, named } = await kept({ threshold: 1 });
    const insert = 'insert into lots (id, name) values ($1, $2)';
    await client.query('begin');
    await client.query(insert, [3, 'Frontstage']);
    await expect(client.query(insert, [3, 'Outra'])).rejects.toMatchObject({ code: '23505' });
    await client.query('rollback');
    await expect(client.query(insert, [4, null])).rejects.toMatchObject({ code: '23502' });
    await expect(client.query('selec name from lots where id = $1', [1])).rejects.toMatchObject({
      code: '42601',
    });
    await client.query(insert, [5, 'Pista 2']);
    expect((await client.query('select count(*)::int as n from lots where id > $1', [0])).rows).toEqual([
      { n: 3 },
    ]);
    expect((await named()).map((row) => row.statement)).not.toContain('selec name from lots where id = $1');
    await client.query('delete from lots where id = $1', [5]);
  });

  it('never keeps a text marked FRESH_PLAN, whose probe a plan kept from a small table would turn into a scan', async () => {
    const { client, named } = await kept({ threshold: 1 });
    await client.query(`create table places (id serial primary key, k text not null unique);
      insert into places (k) values ('a'); analyze places;`);
    const probe = 'select id from places where k = $1';
    const marked = `${FRESH_PLAN} select id from places where k = $1`;
    for (let run = 0; run < 8; run += 1) {
      expect((await client.query(probe, ['a'])).rows).toEqual([{ id: 1 }]);
      expect((await client.query(marked, ['a'])).rows).toEqual([{ id: 1 }]);
    }
    await client.query(`insert into places (k) select 'k' || n from generate_series(1, 20000) n`);
    expect((await client.query(marked, ['k20000'])).rows).toEqual([{ id: 20001 }]);
    const statements = await named();
    expect(statements.map((row) => row.statement)).toEqual([probe]);
    // The negative control: the kept probe's plan, made on one page, still reads the whole table.
    const [name] = (await client.query('select name from pg_prepared_statements')).rows.map(
      (row) => row.name,
    );
    const plan = (await client.query(`explain execute "${name}"('k20000')`)).rows.map(
      (row) => row['QUERY PLAN'],
    );
    expect(plan.join('\n')).toMatch(/Seq Scan on places/);
    await client.query('drop table places');
  });

  it('serves a pool: each connection names the text on its own', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 3, Client: statementKeepingClient() });
    pool.on('error', () => {});
    const text = 'select name, pg_backend_pid() as pid from lots where id = $1';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, at) => pool.query(text, [(at % 2) + 1])),
    );
    expect(answers.map((answer) => answer.rows[0].name)).toEqual(
      Array.from({ length: 30 }, (_, at) => (at % 2 === 0 ? 'Pista' : 'Camarote')),
    );
    expect(new Set(answers.map((answer) => answer.rows[0].pid)).size).toBeGreaterThan(1);
    await pool.end();
  });
});
