import { createRequire } from 'node:module';
import pg from 'pg';
import type { TDb } from './client.ts';
import type { SQL } from './orm.ts';
import { AfterBegin, KEPT_COMMIT, type TConnection, takeDeferredBegin } from './pg-begin.ts';
import { PgDialect } from './pg-core.ts';

const dialect = new PgDialect();
/** node-postgres's own conversion of a value to what it sends (its `bind` applies it to each). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

type TResult = { rows: unknown[] };

/** What a statement-keeping client (pg-statements.ts) says of a text on this connection. */
type TKeepingClient = pg.Client & {
  connection: TConnection;
  /** The statement's name when this connection has parsed it, else undefined. */
  parsedName?(text: string): string | undefined;
};

type TPart = { name: string; values: unknown[]; text: string };

/**
 * Bind, Describe and Execute of each statement, already parsed on the connection under its name,
 * then one Sync: PostgreSQL runs them one after another, each with a snapshot of its own as if sent
 * alone, and answers them together. A failing statement makes PostgreSQL skip the rest up to the
 * Sync; the error is the answer. With `begin`, the transaction's deferred BEGIN goes first; with
 * `commit`, the connection's kept COMMIT goes last (skipped too when a statement failed), and its
 * answer is not one of the statements'.
 */
class Pipeline extends AfterBegin {
  /** The texts, for whoever counts statements (bench/statement-count.ts). */
  readonly parts: string[];
  readonly #statements: TPart[];
  readonly #commit: boolean;
  constructor(statements: TPart[], types: object, begin: boolean, commit: boolean) {
    super(
      { text: statements.map((part) => part.text).join(';\n'), types, queryMode: 'extended' },
      undefined,
      begin,
    );
    this.#statements = statements;
    this.#commit = commit;
    this.parts = [...statements.map((part) => part.text), ...(commit ? ['commit'] : [])];
  }
  override prepare(connection: TConnection): void {
    this.sendBegin(connection);
    for (const part of this.#statements) {
      connection.bind({ statement: part.name, values: part.values, valueMapper: (value: unknown) => value });
      connection.describe({ type: 'P', name: '' });
      connection.execute({});
    }
    if (this.#commit) {
      connection.bind({ statement: KEPT_COMMIT });
      connection.execute({});
    }
    connection.sync();
  }
  override handleCommandComplete(message: object, connection: TConnection): void {
    if (this.#commit && (message as { text?: string }).text === 'COMMIT') return;
    super.handleCommandComplete(message, connection);
  }
}

/** The connection under a transaction of drizzle's node-postgres driver (undefined elsewhere). */
function connectionOf(tx: TDb): TKeepingClient | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) return undefined;
  const keeping = client as TKeepingClient;
  return typeof keeping.parsedName === 'function' ? keeping : undefined;
}

/** The row parsers drizzle gives a raw statement (timestamps stay text, as `db.execute` answers them). */
function rawTypesOf(tx: TDb, query: { sql: string; params: unknown[] }): object | undefined {
  const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const prepared = session.prepareQuery(query, undefined, undefined, false) as {
    rawQueryConfig?: { types?: object };
  };
  return prepared.rawQueryConfig?.types;
}

/**
 * Issue 37: runs `statements`, in order, in the transaction `tx`, and answers each one's rows. On
 * PostgreSQL, once each of them has been parsed on the transaction's connection (a statement-keeping
 * client names a text after its second run), they are sent in one write and answered in one round
 * trip (Pipeline), with the transaction's BEGIN when it is still to be sent: each round trip of a
 * purchase costs a system call and a wake-up of PostgreSQL's backend on both sides, and a third of
 * the server's event loop went to sending them. Otherwise (PGlite, a connection that has not parsed
 * them yet) they run one by one. Either way they run in that order on that connection with a
 * snapshot each, so what they write, lock and see is what running them one by one would: only
 * statements whose texts do not depend on each other's answers can go together. When one fails,
 * the rest are not run and its error is thrown, which rolls the transaction back.
 */
export async function inOneRoundTrip(tx: TDb, statements: readonly SQL[]): Promise<unknown[][]> {
  return (await run(tx, statements)).answers;
}

/**
 * The same for a transaction's LAST statements, with its COMMIT in their message when they go
 * together (the connection has parsed them and its kept COMMIT, pg-begin.ts): `committed` then says
 * so, and drizzle's own COMMIT afterwards is answered without a round trip. `sending` is called just
 * before such a message is written (from then on the commit may happen: with-transaction.ts must not
 * run the transaction again). Otherwise they run one by one and the transaction commits as usual.
 * with-transaction.ts's `answerAndCommit` is the way to call it.
 */
export async function inOneRoundTripAndCommit(
  tx: TDb,
  statements: readonly SQL[],
  sending: () => void,
): Promise<{ answers: unknown[][]; committed: boolean }> {
  return run(tx, statements, sending);
}

async function run(
  tx: TDb,
  statements: readonly SQL[],
  sending?: () => void,
): Promise<{ answers: unknown[][]; committed: boolean }> {
  const client = connectionOf(tx);
  const queries = statements.map((statement) => dialect.sqlToQuery(statement));
  const names = client ? queries.map((query) => client.parsedName!(query.sql)) : [];
  const commit = sending !== undefined && client?.connection.parsedStatements[KEPT_COMMIT] === 'commit';
  if (!client || names.length < (commit ? 1 : 2) || names.some((name) => name === undefined)) {
    const answers: unknown[][] = [];
    for (const statement of statements)
      answers.push(((await tx.execute(statement)) as unknown as TResult).rows);
    return { answers, committed: false };
  }
  // Each value as node-postgres would send it, before anything is sent: a value it cannot send
  // fails here, with nothing written to the connection.
  const parts = queries.map((query, index) => ({
    name: names[index]!,
    text: query.sql,
    values: query.params.map((value) => prepareValue(value)),
  }));
  const types = rawTypesOf(tx, queries[0]!);
  const pipeline = new Pipeline(parts, types ?? {}, takeDeferredBegin(client), commit);
  if (commit) sending?.();
  const result = await new Promise<TResult | TResult[]>((resolve, reject) => {
    pipeline.callback = (error, answer) => (error ? reject(error) : resolve(answer as TResult | TResult[]));
    client.query(pipeline as unknown as pg.QueryConfig);
  });
  const results = Array.isArray(result) ? result : [result];
  if (results.length !== parts.length)
    throw new Error(`expected ${parts.length} answers, PostgreSQL sent ${results.length}`);
  return { answers: results.map((each) => each.rows), committed: commit };
}
