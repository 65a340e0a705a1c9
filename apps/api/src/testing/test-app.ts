import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TFaceEngine } from '../adapters/biometry/face-provider.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { createApp, type TApp } from '../http/app.ts';
import { createLogger, type TLogger } from '../logger.ts';
import { createCatalogue, type TCatalogue } from '../modules/catalogue/catalogue-read-model.ts';
import { createSnapshotStore } from '../modules/catalogue/snapshot-store.ts';
import { loadWebHandler } from '../web/ssr.ts';
import { migratedPgliteDump, migratedPostgresTemplate } from './migrated-template.ts';

export type TTestDatabaseKind = 'pglite' | 'postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** PGlite always; PostgreSQL as well whenever DATABASE_URL names a server. */
export function testDatabases(): TTestDatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TTestDatabase = { database: TDatabase; url?: string; drop(): Promise<void> };

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server (both from a migrated template). */
export async function createTestDatabase(kind: TTestDatabaseKind): Promise<TTestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ loadDataDir: await migratedPgliteDump() });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const template = await migratedPostgresTemplate(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TTestApp = {
  app: TApp;
  database: TDatabase;
  config: TConfig;
  log: TLogger;
  /** The app's catalogue: `await t.catalogue.refresh()` after changing the database behind its back. */
  catalogue: TCatalogue;
  /** Sends a request to the app in-process; `path` may be relative. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Sends JSON and parses the JSON answer. */
  json<T = unknown>(path: string, body: unknown, init?: RequestInit): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
};

export async function createTestApp(
  kind: TTestDatabaseKind,
  env: Record<string, string> = {},
  /** web: serve the pages too, from the web build (`npm run build`; `npm test` builds it first). */
  options: { web?: boolean; faceEngine?: TFaceEngine } = {},
): Promise<TTestApp> {
  const testDatabase = await createTestDatabase(kind);
  // Every request of a test comes from one address: the anonymous-hold throttle (issue 19) is off
  // unless the test turns it on.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    HOLD_THROTTLE: 'false',
    QUEUE_JOIN_THROTTLE: 'false',
    ...env,
  });
  const log = createLogger(config.LOG_LEVEL);
  const snapshotDir = mkdtempSync(path.join(tmpdir(), 'bilheto-snapshots-'));
  const catalogue = createCatalogue({
    database: testDatabase.database,
    log,
    snapshots: createSnapshotStore(snapshotDir),
  });
  if (!config.MAINTENANCE) await catalogue.start();
  const app = createApp({
    config,
    database: testDatabase.database,
    log,
    contentDir: path.join(repoRoot, 'content/pages'),
    catalogue,
    faceEngine: options.faceEngine ? async () => options.faceEngine! : undefined,
    web: options.web ? await loadWebHandler(path.join(repoRoot, 'apps/web/build')) : undefined,
    ...(options.web ? { clientDir: path.join(repoRoot, 'apps/web/build/client') } : {}),
  });
  const request = (target: string, init?: RequestInit) =>
    Promise.resolve(app.request(new URL(target, 'http://localhost').toString(), init));
  return {
    app,
    database: testDatabase.database,
    config,
    log,
    catalogue,
    request,
    async json<T>(target: string, body: unknown, init?: RequestInit) {
      const response = await request(target, {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'application/json', ...init?.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async close() {
      await catalogue.stop();
      // A delivery nudged by the last request finishes before its database goes.
      await app.outbox.stop();
      await testDatabase.drop();
      rmSync(snapshotDir, { recursive: true, force: true });
    },
  };
}
