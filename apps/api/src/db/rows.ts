import type { TDb } from './client.ts';
import type { SQL } from './orm.ts';

/**
 * The rows of a raw SQL statement, typed by the caller. Both drivers answer `execute` with an
 * object carrying `rows` (node-postgres' QueryResult, PGlite's Results), which `TDb` types only as
 * the driver's result; the one cast of raw rows in the API is here. The columns are the
 * statement's own names (snake_case), with the driver's types (numbers from `count` may be strings).
 */
export async function rows<T>(db: TDb, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The rows of a result already in hand (a statement run by `db.execute` elsewhere). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
