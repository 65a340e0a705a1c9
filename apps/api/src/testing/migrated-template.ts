import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/**
 * Test databases start from one migrated template instead of running every migration again:
 * PGlite loads a dump of a migrated data directory (about 1 s against 3–5 s to migrate), and
 * PostgreSQL copies a migrated template database (CREATE DATABASE … TEMPLATE). A template is
 * named by the migrations' content, so adding or changing a migration makes a new one.
 */

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/** A dump of a migrated PGlite data directory, made once and kept in the temporary folder. */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `bilheto-pglite-${migrationsKey()}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({});
      await migrateDatabase(database);
      const dump = await database.dump!();
      await database.close();
      // Several test workers may make it at once: each writes its own file and renames it in place.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

/** The name of a migrated template database on the server of `adminUrl`, made once per migration set. */
export async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const key = migrationsKey();
  const name = `bilheto_tpl_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One maker at a time across test workers; the others wait, then find it made.
    await admin.query('select pg_advisory_lock(7245002)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'bilheto_tpl_%'",
      );
      for (const { datname } of stale.rows) {
        await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
      }
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 2 });
      await migrateDatabase(database);
      await database.close();
      // Renamed only once complete, so a crash mid-migration never leaves a half-made template.
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(7245002)').catch(() => {});
    await admin.end();
  }
}
