import pg from 'pg';

type TQuery = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The BEGIN each connection keeps as a prepared statement, parsed by its first transaction. */
const BEGIN = 'k_begin';
/**
 * The COMMIT each connection keeps as a prepared statement, parsed by the first COMMIT it sends:
 * in-one-round-trip.ts sends it after a transaction's last statements, in their message.
 */
export const KEPT_COMMIT = 'k_commit';

/** node-postgres's connection, as far as the queries here write to it. */
export type TConnection = {
  parsedStatements: Record<string, string>;
  bind(config: object): void;
  describe(config: object): void;
  execute(config: object): void;
  sync(): void;
};
type TQueryObject = {
  callback?: (error: Error | null, result?: unknown) => void;
  prepare(connection: TConnection): void;
  handleCommandComplete(message: object, connection: TConnection): void;
};
type TClientState = {
  connection: TConnection;
  _queryQueue: unknown[];
  /**
   * node-postgres's own flag: false from a query's sending until PostgreSQL's ReadyForQuery for it
   * (which carries the transaction status) has been read. A query's error reaches its caller before
   * that, so until then the status read is the one before the query.
   */
  readyForQuery: boolean;
  getTransactionStatus(): string | null;
  /** A BEGIN asked for and not yet sent: it goes with the transaction's first statement. */
  beginDeferred?: boolean;
};

const Query = pg.Query as unknown as new (config: unknown, values?: unknown) => TQueryObject;

/**
 * A query that carries its transaction's BEGIN (unless `begin` is false): Bind and Execute of the
 * connection's kept BEGIN, then the query's own messages, one write and one Sync, so PostgreSQL
 * runs both in order and answers them together. BEGIN's answer (its CommandComplete) is not part
 * of the query's result. in-one-round-trip.ts sends several statements after it.
 */
export class AfterBegin extends Query {
  #begin: boolean;
  constructor(config: unknown, values?: unknown, begin = true) {
    super(config, values);
    this.#begin = begin;
  }
  /** Bind and Execute of the kept BEGIN, when this query carries it. */
  protected sendBegin(connection: TConnection): void {
    if (!this.#begin) return;
    connection.bind({ statement: BEGIN });
    connection.execute({});
  }
  override prepare(connection: TConnection): void {
    this.sendBegin(connection);
    super.prepare(connection);
  }
  override handleCommandComplete(message: object, connection: TConnection): void {
    if (this.#begin) {
      this.#begin = false;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

/**
 * in-one-round-trip.ts: takes the connection's BEGIN that waits for the transaction's first
 * statement (true: the caller's message must now carry it, as AfterBegin does).
 */
export function takeDeferredBegin(client: pg.Client): boolean {
  const state = client as unknown as TClientState;
  const deferred = state.beginDeferred === true;
  state.beginDeferred = false;
  return deferred;
}

const answered = (command: string) =>
  Promise.resolve({ command, rowCount: null, oid: null, rows: [], fields: [] });

/**
 * A query's text and parameters, as node-postgres takes them (`query(text, values)` or
 * `query({ text, values })`); undefined for a query object of its own (a cursor). pg-statements.ts
 * reads them too.
 */
export function queryParts(config: unknown, values: unknown): { text: string; params: unknown } | undefined {
  if (typeof config === 'string') return { text: config, params: values };
  if (
    typeof config === 'object' &&
    config !== null &&
    !('submit' in config) &&
    typeof (config as { text?: unknown }).text === 'string'
  )
    return {
      text: (config as { text: string }).text,
      params: (config as { values?: unknown }).values ?? values,
    };
  return undefined;
}

/** The kept BEGIN as a query (a new object each time: node-postgres writes the values into it). */
const keptBegin = () => ({ name: BEGIN, text: 'begin' });
const keptCommit = () => ({ name: KEPT_COMMIT, text: 'commit' });

/**
 * Issue 37: a transaction's BEGIN and its COMMIT are round trips of their own (drizzle sends each as
 * a query and waits), three transactions a purchase: on a 2-core machine each costs a system call
 * and a wake-up of PostgreSQL's backend on both sides. This wraps a client's `query` so that:
 *
 * - `begin` is not sent at once: it goes in the same message as the transaction's first statement
 *   with parameters (AfterBegin), so the two cost one round trip. A first statement without
 *   parameters (perhaps several statements in one text, which only the simple protocol runs) waits
 *   for a BEGIN sent on its own, as before. A connection's first transaction sends its BEGIN
 *   on its own too, which parses the kept one.
 * - A transaction that sent nothing commits or rolls back without a round trip: nothing was begun.
 * - `commit` or `rollback` on a connection that PostgreSQL last reported outside any transaction
 *   (executeAndCommit's message ends with its COMMIT, and so may in-one-round-trip.ts's) is
 *   answered here: PostgreSQL would only warn that there is no transaction in progress. A
 *   connection's first `commit` is sent as its kept COMMIT, which parses it.
 *
 * Either way the transaction's statements run between a BEGIN and a COMMIT on one connection, in
 * the same order: what it writes, locks and sees is unchanged.
 */
export function savingTransactionRoundTrips(
  send: TQuery,
  named: (client: pg.Client, config: unknown, values: unknown) => unknown = (_, config) => config,
): TQuery {
  return function (this: pg.Client, config, values, callback) {
    const client = this as unknown as TClientState;
    const parts = callback === undefined ? queryParts(config, values) : undefined;
    const text = parts?.text;
    const plain = parts !== undefined && !(Array.isArray(parts.params) && parts.params.length > 0);
    if (plain && text === 'begin') {
      if (client.connection.parsedStatements[BEGIN] === undefined) return send.call(this, keptBegin(), []);
      client.beginDeferred = true;
      return answered('BEGIN');
    }
    if (plain && (text === 'commit' || text === 'rollback')) {
      const command = text.toUpperCase();
      if (client.beginDeferred) {
        client.beginDeferred = false;
        return answered(command);
      }
      const idle =
        client.readyForQuery === true &&
        client._queryQueue.length === 0 &&
        client.getTransactionStatus() === 'I';
      if (idle) return answered(command);
      // The connection's first COMMIT parses the kept one (a round trip as any COMMIT).
      if (text === 'commit' && client.connection.parsedStatements[KEPT_COMMIT] === undefined)
        return send.call(this, keptCommit(), []);
    }
    if (!client.beginDeferred) return send.call(this, config, values, callback);
    client.beginDeferred = false;
    if (parts !== undefined && !plain) {
      const query = new AfterBegin(named(this, config, values), values);
      return new Promise((resolve, reject) => {
        query.callback = (error, result) => (error ? reject(error) : resolve(result));
        send.call(this, query);
      });
    }
    const begun = send.call(this, keptBegin(), []) as Promise<unknown>;
    return begun.then(() => send.call(this, config, values, callback));
  };
}
