import type { TDb } from './client.ts';
import { isConnectionLost } from './connection-errors.ts';

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
 * lost during COMMIT is never retried: the commit may have happened, and doing it twice could
 * take stock or money twice; the caller fails instead (a 503) and the state says what happened.
 */
export async function withTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let bodyDone = false;
    try {
      return await inTransaction(db, async (tx) => {
        const result = await fn(tx);
        bodyDone = true;
        return result;
      });
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      const retryable = (code !== undefined && RETRYABLE.has(code)) || (!bodyDone && isConnectionLost(error));
      if (attempt >= 3 || !retryable) throw error;
    }
  }
}
