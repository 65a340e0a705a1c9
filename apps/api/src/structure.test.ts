import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

/** The TypeScript files under `dir`; `withTests`: the test files too. */
function sources(dir: string, withTests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full, withTests);
    return name.endsWith('.ts') && (withTests || !name.endsWith('.test.ts')) ? [full] : [];
  });
}

/** The relative modules a file imports at run time (`import type` and `export type` carry no code). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    if (match[2]) continue;
    found.push(path.resolve(path.dirname(file), match[3]!));
  }
  return found;
}

/** Every cycle in a graph of imports (file -> files it imports), as the list of files around it. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * Issue 31: where a file writes `payments.status`: raw SQL (`update payments set ... status =`,
 * before its `where`) or drizzle (`.update(payments).set({ ... status: ... })`). Answers the
 * offending snippets; `status_detail` alone is not the status.
 */
export function paymentStatusWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/update\s+payments\s+set\b([\s\S]*?)(\bwhere\b|`)/gi))
    if (/\bstatus\s*=/.test(match[1]!)) found.push(match[0].slice(0, 80));
  for (const match of text.matchAll(/\.update\(\s*payments\s*\)\s*\.set\(\s*\{([\s\S]*?)\}\s*\)/g))
    if (/(^|[\s,{])status\s*:/.test(match[1]!)) found.push(match[0].slice(0, 80));
  return found;
}

/**
 * Issue 11: the house rules that keep the API readable, checked so they stay true. Routes are thin
 * (no SQL: it lives in use-cases under modules/), and no module needs itself to load.
 */
describe('API structure', () => {
  const files = sources(root);

  it('has no cycle of run-time imports', () => {
    const graph = new Map(
      files.map((file) => [file, runtimeImports(file).filter((target) => files.includes(target))]),
    );
    const cycles = importCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(root, file)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });

  it('sees a cycle when there is one, and not an import type', () => {
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
    expect(runtimeImports(path.join(root, 'http/middleware/authenticate.ts'))).not.toContain(
      path.join(root, 'http/env.ts'),
    );
  });

  it('keeps SQL out of route handlers: no route imports drizzle or the schema', () => {
    const routes = files.filter((file) => file.includes(`${path.sep}http${path.sep}routes${path.sep}`));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes
      .filter((file) =>
        /from '(drizzle-orm[^']*|[./]*db\/(schema|orm|pg-core)[^']*)'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('imports drizzle-orm and its pg-core by name in db/orm.ts and db/pg-core.ts only (each name costs every process start)', () => {
    const funnels = ['db/orm.ts', 'db/pg-core.ts'].map((file) => path.join(root, file));
    const byName = (file: string) => /from 'drizzle-orm(\/pg-core)?'/.test(readFileSync(file, 'utf8'));
    expect(funnels.filter(byName)).toEqual(funnels);
    const offenders = [...sources(root, true), ...sources(path.join(root, '../../../e2e'), true)]
      .filter((file) => !funnels.includes(file) && byName(file))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('lets only order-state.ts write payments.status (issue 31: one writer, moves from allowed statuses)', () => {
    const writer = path.join(root, 'modules/checkout/order/order-state.ts');
    expect(paymentStatusWrites(readFileSync(writer, 'utf8')).length).toBeGreaterThan(0);
    const offenders = files
      .filter((file) => file !== writer && paymentStatusWrites(readFileSync(file, 'utf8')).length > 0)
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('sees a direct payments.status write, in SQL or drizzle, and not a status_detail or a where', () => {
    const violations = [
      "await db.update(payments).set({ status: 'pending', statusDetail: 'x' }).where(eq(payments.id, id));",
      "await db.update(payments)\n  .set({\n    statusDetail: 'x',\n    status: 'approved',\n  })",
      'sql`update payments set status = :s, updated_at = now() where id = :id`',
      "sql`UPDATE payments SET updated_at = now(), status = 'refunded'`",
    ];
    for (const text of violations) expect(paymentStatusWrites(text), text).toHaveLength(1);
    const allowed = [
      "sql`update payments set challenge_url = :url, updated_at = now() where id = :id and status = 'pending'`",
      "db.update(payments).set({ method: 'hosted', updatedAt: new Date() }).where(eq(payments.status, 'created'))",
      'sql`update payment_parts set status = :x where id = :id`',
      'sql`update payments set status_detail = :d where id = :id`',
    ];
    for (const text of allowed) expect(paymentStatusWrites(text), text).toEqual([]);
  });

  it('keeps HTTP out of use-cases and adapters: they throw AppError, http/error-status.ts maps it', () => {
    const inner = files.filter((file) => /[\\/](modules|adapters)[\\/]/.test(file));
    expect(inner.length).toBeGreaterThan(50);
    const offenders = inner
      .filter((file) => /from '[./]*http\//.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
