import type { TDb } from '../../db/client.ts';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `fn` in a transaction, again (up to 3 times) when PostgreSQL picked it as a deadlock
 * victim or a serialization failure: both mean "nothing happened, try again".
 */
export async function withTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as TDb));
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
