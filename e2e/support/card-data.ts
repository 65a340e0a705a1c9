import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { sql } from '../../apps/api/src/db/orm.ts';
import type { TRunningServer } from './server.ts';

/** A card number as a pattern that also matches it grouped by spaces or dashes. */
const spaced = (digits: string) => new RegExp(digits.split('').join('[\\s-]?'));

/**
 * Records every request body the page sends to our server (never to the gateway's hosts), so a
 * journey can prove the card number and CVV typed into a gateway's form never came to us.
 */
export function recordBodiesToUs(page: Page, server: TRunningServer) {
  const bodies: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body && request.url().startsWith(server.url)) bodies.push(`${request.url()} ${body}`);
  });
  return bodies;
}

/** Every row of every table of the server's database, as text (the server must be stopped first). */
export async function everyRowAsText(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const tables = (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    let text = '';
    for (const { tablename } of tables.rows) {
      const rows = (await database.db.execute(
        sql.raw(`select string_agg(t::text, chr(10)) as rows from "${tablename}" t`),
      )) as unknown as { rows: { rows: string | null }[] };
      text += `${tablename}\n${rows.rows[0]?.rows ?? ''}\n`;
    }
    return text;
  } finally {
    await database.close();
  }
}

/**
 * Issue 14: the card number and CVV a buyer typed into a gateway's card form reached neither our
 * API (request bodies), nor our logs (the server's output), nor our tables. The CVV is looked for
 * as a field (a bare 3-digit number is everywhere); the number in any grouping.
 */
export async function expectNoCardData(options: {
  pan: string;
  bodiesToUs: readonly string[];
  server: TRunningServer;
  dataDir: string;
}) {
  const pan = spaced(options.pan);
  const cvvField = /"(cvv|cvc|security_?code|securityCode|card_?cvv)"\s*:/i;
  expect(options.bodiesToUs.length).toBeGreaterThan(0);
  for (const body of options.bodiesToUs) {
    expect(body).not.toMatch(pan);
    expect(body).not.toMatch(cvvField);
  }
  expect(options.server.output()).not.toMatch(pan);
  await options.server.stop();
  const rows = await everyRowAsText(options.dataDir);
  expect(rows).toMatch(/\norders\n.+/);
  expect(rows).not.toMatch(pan);
}
