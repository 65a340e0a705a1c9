/**
 * Loaded into a server under a benchmark (`NODE_OPTIONS=--import ./bench/statement-count.ts`):
 * counts the SQL statements the process sends (pg's Client.query, by text) and, on a line
 * `{"statements": …}` on stderr when asked (SIGUSR2), tells how many of each were sent since the
 * last time, so a benchmark can tell the statements per purchase.
 */
import pg from 'pg';

let counts = new Map<string, number>();
/** Messages sent: one a statement, or one for statements sent together. */
let trips = 0;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; parts?: string[] };
  // Statements sent together (apps/api/src/db/in-one-round-trip.ts) count one each.
  const texts = typeof first === 'string' ? [first] : (first?.parts ?? [first?.text ?? '?']);
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  trips += 1;
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

process.on('SIGUSR2', () => {
  const byText = new Map<string, number>();
  for (const [text, n] of counts) {
    const key = text.replace(/\s+/g, ' ').slice(0, 160);
    byText.set(key, (byText.get(key) ?? 0) + n);
  }
  process.stderr.write(`${JSON.stringify({ statements: Object.fromEntries(byText), trips })}\n`);
  counts = new Map();
  trips = 0;
});
