import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PLAN } from './fresh-plan.ts';
import { keepStatements } from './pglite-statements.ts';

/** PGlite only: PostgreSQL's pool is node-postgres's, which this does not touch. */
describe('kept statements on the embedded database', () => {
  let plain: PGlite;
  let kept: PGlite;
  let statements: ReturnType<typeof keepStatements>;
  const schema = `create table lots (id int primary key, name text not null, price numeric, at timestamptz, tags jsonb);
    insert into lots values (1, 'Pista', 120.5, '2026-11-27T20:00:00Z', '["vip"]'), (2, 'Camarote', null, null, null);`;

  beforeAll(async () => {
    plain = new PGlite();
    kept = new PGlite();
    await Promise.all([plain.exec(schema), kept.exec(schema)]);
    statements = keepStatements(kept, 2);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), kept.close()]);
  });

  const named = async () =>
    (await kept.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  it('answers what PGlite answers, parameters and types alike, and keeps the plan after a few runs', async () => {
    const text = 'select * from lots where id = any($1::int[]) and (at is null or at > $2) order by id';
    const params = [[1, 2], new Date('2026-01-01T00:00:00Z')];
    const expected = await plain.query(text, params);
    for (let run = 0; run < 8; run += 1) expect(await kept.query(text, params)).toEqual(expected);
    expect((await kept.query('select $1::text as t, $2::jsonb as j', [null, { a: 1 }])).rows).toEqual([
      { t: null, j: { a: 1 } },
    ]);
    // A lookup by key, as most reads are: after a few runs PostgreSQL plans it once for all. Asked
    // without parameters (PGlite's own path), so asking keeps no statement of its own.
    for (let run = 0; run < 8; run += 1)
      expect((await kept.query('select name from lots where id = $1', [2])).rows).toEqual([
        { name: 'Camarote' },
      ]);
    const [stats] = (
      await kept.query<{ generic_plans: number }>(
        "select generic_plans from pg_prepared_statements where statement like 'select name from lots%'",
      )
    ).rows;
    expect(Number(stats?.generic_plans)).toBeGreaterThan(0);
  });

  it('throws the database error of a kept statement and goes on serving', async () => {
    const insert = 'insert into lots (id, name) values ($1, $2)';
    await kept.query(insert, [3, 'Frontstage']);
    await expect(kept.query(insert, [3, 'Outra'])).rejects.toMatchObject({ code: '23505' });
    await expect(kept.query(insert, [4, null])).rejects.toMatchObject({ code: '23502' });
    expect((await kept.query('select count(*)::int as n from lots where id > $1', [0])).rows).toEqual([
      { n: 3 },
    ]);
  });

  it('keeps no statement for a text that does not parse, and closes the least recently used beyond its bound', async () => {
    await expect(kept.query('selec nothing where $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(await named()).toHaveLength(statements.kept());
    const texts = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n'];
    for (const text of texts) await kept.query(text, [1]);
    expect(statements.kept()).toBe(2);
    const live = (
      await kept.query<{ statement: string }>('select statement from pg_prepared_statements where $1', [true])
    ).rows.map((row) => row.statement);
    // The bound holds in the database too: the oldest texts were closed there.
    expect(live).not.toContain(texts[0]);
    expect(live).not.toContain(texts[1]);
    expect(live).toHaveLength(2);
  });

  it('keeps no statement for a text marked FRESH_PLAN: PostgreSQL plans it at each run', async () => {
    const before = statements.kept();
    const marked = `${FRESH_PLAN} select name from lots where id = $1 and name <> $2`;
    for (let run = 0; run < 8; run += 1)
      expect((await kept.query(marked, [2, 'x'])).rows).toEqual([{ name: 'Camarote' }]);
    expect(statements.kept()).toBe(before);
    const live = (
      await kept.query<{ statement: string }>('select statement from pg_prepared_statements where $1', [true])
    ).rows.map((row) => row.statement);
    expect(live).not.toContain(marked);
  });

  it('leaves queries inside a transaction to PGlite, which rolls them back as one', async () => {
    await expect(
      kept.transaction(async (tx) => {
        await tx.query('update lots set name = $1 where id = $2', ['Mudado', 1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await kept.query('select name from lots where id = $1', [1])).rows).toEqual([{ name: 'Pista' }]);
  });
});
