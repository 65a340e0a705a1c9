/**
 * `npm run biometry:review -- list`: the enrolments waiting for a person (MANUAL_VERIFICATION).
 * `npm run biometry:review -- <uuid> <approve|reject|duplicate|document_mismatch> <reviewer> [note]`:
 * decides one, exactly as POST /api/admin/biometry/reviews/{uuid} does (the one writer, the buyer's
 * e-mail through the outbox, which the running server's worker sends). Issue 31 item 16.
 */
import { ZBiometryReviewRequest, ZBiometryUuidParams } from '@ingressos/contracts/biometry';
import { createBiometryProvider, defaultFaceEngine } from '../../adapters/biometry/index.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createLogger } from '../../logger.ts';
import { AppError } from '../app-error.ts';
import { decideBiometryReview } from './decide-biometry-review.ts';
import { listBiometryReviews } from './list-biometry-reviews.ts';

const USAGE =
  'usage: npm run biometry:review -- list\n' +
  '       npm run biometry:review -- <uuid> <approve|reject|duplicate|document_mismatch> <reviewer> [note]';

async function main(): Promise<number> {
  const [first, decision, reviewer, ...note] = process.argv.slice(2);
  if (!first || (first !== 'list' && (!decision || !reviewer))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const db = database.db;
    if (first === 'list') {
      const { reviews } = await listBiometryReviews({ s: { db } });
      if (reviews.length === 0) console.log('no biometry waiting for review');
      for (const r of reviews)
        console.log(`${r.uuid}  due ${r.reviewDueAt ?? '-'}  ${r.name} <${r.email}>  (since ${r.createdAt})`);
      return 0;
    }
    const uuid = ZBiometryUuidParams.safeParse({ uuid: first });
    const input = ZBiometryReviewRequest.safeParse({
      decision,
      reviewer,
      ...(note.length ? { note: note.join(' ') } : {}),
    });
    if (!uuid.success || !input.success) {
      console.error(`${first}: not a uuid, or an unknown decision\n${USAGE}`);
      return 2;
    }
    const provider = createBiometryProvider({ config, db, engine: defaultFaceEngine });
    const answer = await decideBiometryReview({
      s: { db, config, log, provider, outbox: { nudge() {} } },
      uuid: uuid.data.uuid,
      input: input.data,
      locale: 'pt-BR',
    });
    console.log(`${answer.uuid}: ${answer.statusName} (${answer.decision}). ${answer.Message}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${first}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
