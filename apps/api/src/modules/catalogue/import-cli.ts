/**
 * `npm run catalog:import -- file.json`: loads a catalogue file (docs/catalog-import.md) into the
 * database the server uses (DATABASE_URL, else the embedded one in DATA_DIR). All or nothing;
 * exit code 0 on success, 1 when the file was refused (every error printed with its JSON path).
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { importCatalogue } from './import-catalogue.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run catalog:import -- file.json');
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: cannot read it as JSON (${(error as Error).message})`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const result = await importCatalogue(database.db, input);
    if (!result.ok) {
      console.error(`${file}: refused, nothing was imported (${result.errors.length} errors):`);
      for (const error of result.errors) console.error(`  ${error.path}: ${error.message}`);
      return 1;
    }
    console.log(
      `${file}: ${result.created.length} created, ${result.updated.length} updated, ${result.unchanged.length} unchanged`,
    );
    for (const slug of result.created) console.log(`  + ${slug}`);
    for (const slug of result.updated) console.log(`  ~ ${slug}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
