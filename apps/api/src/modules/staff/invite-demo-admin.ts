import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import type { TLogger } from '../../logger.ts';
import { inviteStaff } from './invite-staff.ts';

export const DEMO_ADMIN_EMAIL = 'admin@bilheto.local';

/**
 * With the demo data (DEMO_DATA), a database with no staff at all gets an invited administrator,
 * admin@bilheto.local, and the invitation link is logged once, so whoever runs `npm start` can open
 * the console (the local mailbox, /_dev/mailbox, has the same e-mail). Never on a database that has
 * staff: a real team bootstraps with `npm run staff:invite`. Two processes starting at once make
 * one account (the e-mail is unique; the second invitation is refused and says nothing).
 */
export async function inviteDemoAdmin(options: {
  db: TDb;
  config: TConfig;
  log: TLogger;
  outbox: { nudge(): void };
}): Promise<string | null> {
  const { db, config, log } = options;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffAccounts);
  if (Number(count) > 0) return null;
  try {
    const invited = await inviteStaff(
      { db, config, outbox: options.outbox },
      {
        by: null,
        input: { email: DEMO_ADMIN_EMAIL, name: 'Administrador', role: 'admin', eventIds: [] },
        request: { ip: 'demo', requestId: null },
        locale: 'pt-BR',
      },
    );
    log.info('demo console administrator invited: open the link to choose a password (once, 72 h)', {
      email: DEMO_ADMIN_EMAIL,
      link: invited.link,
    });
    return invited.link;
  } catch (error) {
    if ((error as { code?: string }).code === 'staff_email_taken') return null;
    throw error;
  }
}
