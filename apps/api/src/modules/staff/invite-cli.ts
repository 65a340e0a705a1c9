/**
 * `npm run staff:invite -- --email ana@bilheto.com.br --name "Ana Lima" --role admin [--events 12,13]`:
 * the console's bootstrap (issue 33). Creates an invited staff account exactly as an administrator's
 * POST /api/staff/accounts does (the invitation e-mail goes through the outbox, which the running
 * server's worker sends; the audit line names no one: a CLI), and prints the invitation link.
 */
import { parseArgs } from 'node:util';
import { ZCreateStaffAccountRequest } from '@ingressos/contracts/staff';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { AppError } from '../app-error.ts';
import { inviteStaff } from './invite-staff.ts';

const USAGE =
  'usage: npm run staff:invite -- --email <e-mail> --name "<name>" --role <admin|support|biometry_reviewer|producer|gate> [--events 12,13]';

async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        events: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const input = ZCreateStaffAccountRequest.safeParse({
    email: values.email,
    name: values.name,
    role: values.role,
    eventIds: values.events ? values.events.split(',').map((id) => Number(id.trim())) : [],
  });
  if (!input.success) {
    console.error(
      `${input.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('\n')}\n${USAGE}`,
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const invited = await inviteStaff(
      { db: database.db, config, outbox: { nudge() {} } },
      { by: null, input: input.data, request: { ip: 'cli', requestId: null }, locale: 'pt-BR' },
    );
    console.log(
      `${invited.account.email} (${invited.account.role}) invited; the link works once, until ${invited.invitationExpiresAt}:`,
    );
    console.log(invited.link);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${values.email}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
