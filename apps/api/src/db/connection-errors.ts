/**
 * Errors that mean the database connection was lost (the server restarted, a backend was
 * terminated, the network dropped), as opposed to a query the database refused. Drivers and
 * drizzle wrap them, so the cause chain is searched.
 */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);
const LOST_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

export function isConnectionLost(error: unknown): boolean {
  return anyCause(error, LOST_CODES, LOST_MESSAGES);
}

/** What a database answers once it was closed on purpose (the process is stopping): node-postgres's pool, PGlite. */
const CLOSED_MESSAGES = ['after calling end on the pool', 'PGlite is closed'];

/** Whether the database was closed on purpose: it is not coming back in this process. */
export function isDatabaseClosed(error: unknown): boolean {
  return anyCause(error, new Set(), CLOSED_MESSAGES);
}

/** Whether the error, or a cause drivers and drizzle wrapped it around, has one of these codes or messages. */
function anyCause(error: unknown, codes: ReadonlySet<string>, messages: readonly string[]): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
    if (typeof e.message === 'string' && messages.some((text) => (e!.message as string).includes(text)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
