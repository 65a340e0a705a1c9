import pg from 'pg';
import { openDatabase, type TDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { sessions, users } from '../../apps/api/src/db/schema/index.ts';
import { randomToken, sha256 } from '../../apps/api/src/db/tokens.ts';
import { brazilianAdult, verifiedUserRow } from '../../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { migratedPostgresTemplate } from '../../apps/api/src/testing/migrated-template.ts';

/**
 * What the PostgreSQL fault suites share: a fresh database with one event, verified buyers made
 * straight in the database (registration is rate-limited per IP, and these suites need dozens),
 * and a purchase over HTTP as the mobile app makes it (Bearer token, cart session header).
 */
export const ADMIN_URL = process.env.DATABASE_URL ?? '';

export async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export type TFaultDb = {
  url: string;
  database: TDatabase;
  fixture: TCartFixture;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** A fresh, migrated database with one event (a plain lot of `lotCapacity` units). */
export async function faultDatabase(tag: string, lotCapacity: number): Promise<TFaultDb> {
  const name = `e2e_${tag}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  // From the run's migrated template (as the API tests' databases are): the migration below finds
  // nothing to do.
  await admin(`create database ${name} template ${await migratedPostgresTemplate(ADMIN_URL)}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await migrateDatabase(database);
  const fixture = await createCartFixture(database.db, { lotCapacity, maxPerCart: 8 });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    database,
    fixture,
    async query<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async drop() {
      await pool.end();
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export type TApiBuyer = { userId: string; token: string; cpf: string };

/**
 * Verified buyers with a complete profile and a session, written straight to the database, 500
 * to a statement (the on-sale day's simulation makes ten thousand).
 */
export async function makeBuyers(db: TFaultDb, count: number): Promise<TApiBuyer[]> {
  const made: TApiBuyer[] = [];
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let from = 0; from < count; from += 500) {
    const people = Array.from({ length: Math.min(500, count - from) }, () => brazilianAdult());
    const rows = await db.database.db
      .insert(users)
      .values(people.map((person) => verifiedUserRow(person)))
      .returning({ id: users.id, document: users.document });
    const tokens = rows.map(() => randomToken());
    await db.database.db
      .insert(sessions)
      .values(rows.map((row, i) => ({ tokenHash: sha256(tokens[i]!), userId: row.id, expiresAt })));
    for (const [i, row] of rows.entries())
      made.push({ userId: row.id, token: tokens[i]!, cpf: row.document });
  }
  return made;
}

export type TPurchase = {
  /** The HTTP status of POST /checkout/v1, or 0 when the connection broke (a killed process). */
  status: number;
  body: { orderId?: string; transactionStatus?: string; orderStatus?: number; code?: string } | null;
  key: string;
};

/** Holds `quantity` units and pays them by card through `serverUrl`; never throws. */
export async function purchase(
  serverUrl: string,
  buyer: TApiBuyer,
  lotId: number,
  cardToken: () => Promise<string>,
  options: { quantity?: number; key?: string; payUrl?: string } = {},
): Promise<TPurchase> {
  const key = options.key ?? `fault-${crypto.randomUUID()}`;
  const headers = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
  try {
    const added = await fetch(`${serverUrl}/api/v4/addtocart`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ lotId, quantity: options.quantity ?? 1 }),
    });
    const cart = (await added.json()) as { sessionID?: string };
    if (added.status !== 200 || !cart.sessionID) return { status: added.status, body: null, key };
    const paid = await fetch(`${options.payUrl ?? serverUrl}/checkout/v1`, {
      method: 'POST',
      headers: { ...headers, 'x-session-id': cart.sessionID, 'idempotency-key': key },
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: await cardToken(), installments: 1 },
      }),
    });
    const text = await paid.text();
    return { status: paid.status, body: text ? JSON.parse(text) : null, key };
  } catch {
    return { status: 0, body: null, key };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
