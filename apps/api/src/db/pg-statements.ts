import { createHash } from 'node:crypto';
import pg from 'pg';
import { FRESH_PLAN } from './fresh-plan.ts';
import { queryParts, savingTransactionRoundTrips } from './pg-begin.ts';

type TQuery = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export type TStatementOptions = {
  /** Named statements a connection keeps at most; texts beyond it run unnamed on that connection. */
  perConnection?: number;
  /** Runs of a text in this process before it is named (one-off texts are never kept). */
  threshold?: number;
  /** Distinct texts counted at most; texts first seen after that run unnamed. */
  tracked?: number;
};

/**
 * Issue 37: on PostgreSQL, planning cost more database CPU than running (a purchase's statements:
 * 24 ms of planning against ~11 ms of execution; the cart's 8-table read alone 6.5 ms a plan), because
 * node-postgres sends every parameterised query unnamed and PostgreSQL plans an unnamed statement
 * afresh each time. This client names a text once it has run `threshold` times in this process
 * (the name is a hash of the text, so one name is always one text) and keeps it on each connection
 * that runs it: the text is parsed once per connection and PostgreSQL keeps its plan (a generic one
 * after a few runs, as for any prepared statement). The PostgreSQL twin of `keepStatements` on
 * PGlite, and the same policy as pgx's statement cache or JDBC's prepareThreshold.
 *
 * Only plain parameterised queries are named: texts without parameters (transactions' begin and
 * commit, migrations' many statements in one text), queries that already have a name and cursors
 * go through unchanged, and so do texts marked `FRESH_PLAN` (fresh-plan.ts). A connection keeps at most `perConnection` statements (texts built with a
 * variable number of parameters are distinct texts); the pool closes idle connections, and their
 * statements with them. Its transactions send BEGIN with their first statement (pg-begin.ts).
 */
export function statementKeepingClient(options: TStatementOptions = {}): typeof pg.Client {
  const perConnection = options.perConnection ?? 256;
  const threshold = options.threshold ?? 2;
  const tracked = options.tracked ?? 4096;
  const texts = new Map<string, { runs: number; fresh: boolean; name?: string }>();

  const nameFor = (text: string): string | undefined => {
    let entry = texts.get(text);
    if (!entry) {
      if (texts.size >= tracked) return undefined;
      entry = { runs: 0, fresh: text.includes(FRESH_PLAN) };
      texts.set(text, entry);
    }
    if (entry.name) return entry.name;
    if (entry.fresh) return undefined;
    entry.runs += 1;
    if (entry.runs < threshold) return undefined;
    entry.name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    return entry.name;
  };

  const plainQuery = pg.Client.prototype.query as TQuery;

  class StatementKeepingClient extends pg.Client {
    readonly kept = new Set<string>();
    /** The name of `text` when this connection has parsed it (in-one-round-trip.ts binds it by name). */
    parsedName(text: string): string | undefined {
      const name = texts.get(text)?.name;
      const { parsedStatements } = (
        this as unknown as { connection: { parsedStatements: Record<string, string> } }
      ).connection;
      return name !== undefined && parsedStatements[name] === text ? name : undefined;
    }
  }
  const named = (client: pg.Client, config: unknown, values: unknown) =>
    withName((client as StatementKeepingClient).kept, config, values) ?? config;
  (StatementKeepingClient.prototype as unknown as { query: TQuery }).query = savingTransactionRoundTrips(
    function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
      return plainQuery.call(this, named(this, config, values), values, callback);
    },
    named,
  );

  function withName(kept: Set<string>, config: unknown, values: unknown): object | undefined {
    const parts = queryParts(config, values);
    if (!parts || (typeof config === 'object' && (config as { name?: unknown }).name)) return undefined;
    const { text, params } = parts;
    if (!Array.isArray(params) || params.length === 0) return undefined;
    const name = nameFor(text);
    if (!name) return undefined;
    if (!kept.has(name)) {
      if (kept.size >= perConnection) return undefined;
      kept.add(name);
    }
    return typeof config === 'string' ? { text, name } : { ...(config as object), name };
  }

  return StatementKeepingClient;
}
