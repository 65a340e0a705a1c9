import type { TDb } from './client.ts';
import { isConnectionLost } from './connection-errors.ts';
import { inOneRoundTrip, inOneRoundTripAndCommit } from './in-one-round-trip.ts';
import { type SQL, sql } from './orm.ts';
import { PgDialect } from './pg-core.ts';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `fn` in one transaction, once, handing it the transaction as the `TDb` every use-case
 * takes (drizzle types a transaction apart from its database; it answers the same calls).
 */
export function inTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as TDb));
}

/**
 * Runs `fn` in a transaction, again (up to 3 times) when nothing can have happened: PostgreSQL
 * picked it as a deadlock victim or a serialization failure, or its connection was lost while
 * `fn` was still running (before COMMIT was sent, so the server rolled it back). A connection
 * lost during COMMIT (or during executeAndCommit's message, which carries it) is never retried:
 * the commit may have happened, and doing it twice could take stock or money twice; the caller
 * fails instead (a 503) and the state says what happened.
 */
export async function withTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let bodyDone = false;
    const last: TLastStatement = { sent: false, committed: false };
    let result: T | undefined;
    try {
      return await inTransaction(db, async (tx) => {
        if (oneMessageCommits.has(db)) lastStatements.set(tx, last);
        result = await fn(tx);
        bodyDone = true;
        return result;
      });
    } catch (error) {
      // Committed with its last statement: what failed came after (drizzle's COMMIT of the empty
      // transaction), and the work must never run twice.
      if (last.committed) {
        if (bodyDone) return result as T;
        throw error;
      }
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      const retryable =
        (code !== undefined && RETRYABLE.has(code)) || (!bodyDone && !last.sent && isConnectionLost(error));
      if (attempt >= 3 || !retryable) throw error;
    }
  }
}

type TLastStatement = { sent: boolean; committed: boolean };

/** PostgreSQL pools (client.ts): their transactions may send their COMMIT with their last statement. */
const oneMessageCommits = new WeakSet<TDb>();
/** The transactions withTransaction opened on such a pool, and where their last statement is. */
const lastStatements = new WeakMap<TDb, TLastStatement>();
const dialect = new PgDialect();

/** client.ts, for each PostgreSQL pool it opens (never for a transaction: its COMMIT would end the outer one). */
export function commitsInOneMessage(db: TDb): void {
  oneMessageCommits.add(db);
}

/**
 * Issue 37: runs `statements` as the LAST of a withTransaction's transaction and, on PostgreSQL,
 * sends its COMMIT in the same message (a simple query: `...; commit`), so the rows they lock are
 * held for their run and the commit's flush, not for a round trip back to this process and a
 * COMMIT through an event loop that may be busy (the lot's row in a purchase's issue step, which
 * every hold and purchase of the lot waits for). drizzle's own COMMIT then finds the connection
 * outside any transaction and is answered without a round trip (pg-begin.ts). Nothing may run
 * after it in the transaction: it would run on its own, outside it. Elsewhere (PGlite, a
 * transaction inside another, one not opened by withTransaction) the statements run as usual and
 * the transaction commits as usual.
 *
 * A simple query takes no parameters, so the statements' values are written into its text: only
 * integers are accepted. A connection lost while the message is under way counts as lost during
 * COMMIT (the commit may have happened): withTransaction does not run the transaction again.
 */
export async function executeAndCommit(tx: TDb, statements: readonly SQL[]): Promise<void> {
  const message = sql.join([...statements, sql.raw('commit')], sql.raw('; '));
  // Checked on every database, so that what passes on PGlite passes on PostgreSQL.
  const { params } = dialect.sqlToQuery(message);
  if (!params.every((value) => typeof value === 'number' && Number.isSafeInteger(value)))
    throw new TypeError('executeAndCommit writes only integers into its text');
  const last = lastStatements.get(tx);
  if (!last) {
    for (const statement of statements) await tx.execute(statement);
    return;
  }
  last.sent = true;
  await tx.execute(message.inlineParams());
  last.committed = true;
}

/**
 * Issue 37: runs `statements` (in-one-round-trip.ts: texts that do not depend on each other's
 * answers) as the LAST of a withTransaction's transaction and answers each one's rows; on
 * PostgreSQL, once the connection has parsed them, their message carries the connection's kept
 * COMMIT, so the transaction ends without a round trip of its own (the reserve step's order, made
 * by its last statement, whose values are text and JSON: executeAndCommit's simple query takes
 * integers only). Nothing may run after it in the transaction. As with executeAndCommit, a
 * connection lost while that message is under way counts as lost during COMMIT: the transaction is
 * not run again. Elsewhere (PGlite, statements not parsed yet, a transaction not opened by
 * withTransaction) they run as inOneRoundTrip runs them and the transaction commits as usual.
 */
export async function answerAndCommit(tx: TDb, statements: readonly SQL[]): Promise<unknown[][]> {
  const last = lastStatements.get(tx);
  if (!last) return inOneRoundTrip(tx, statements);
  const { answers, committed } = await inOneRoundTripAndCommit(tx, statements, () => {
    last.sent = true;
  });
  if (committed) last.committed = true;
  return answers;
}
