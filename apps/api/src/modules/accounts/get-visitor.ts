import type { TShellUser } from '@ingressos/contracts/visitor';
import { BRAZIL_DDI, needsGender } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import { maskBrazilianPhone } from '@ingressos/domain/phone';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { hasOngoingOrderQuery } from '../checkout/ongoing.ts';
import { pendingReceivedCountQuery } from '../transfers/list-transfers.ts';
import { renewSession, type TSession, type TUserRow } from './sessions.ts';

/**
 * Issue 18: the logged-in visitor as a page's frame shows them (greeting, bell, account pop-ups),
 * with the session renewed as every page's frame renews it. The bell's count and the
 * ongoing-purchase check are indexed reads in one statement (each statement has a fixed cost on
 * the embedded database, paid by every personal page); the renewal writes at most once an hour.
 */
export async function getVisitor(options: {
  db: TDb;
  user: TUserRow;
  session: TSession;
  ttlDays: number;
}): Promise<{ user: TShellUser; expiresAt: Date }> {
  const { db, user, session } = options;
  const [expiresAt, facts] = await Promise.all([
    renewSession(db, session, options.ttlDays),
    db.execute(
      sql`select (${pendingReceivedCountQuery(user)}) as pending_transfers, ${hasOngoingOrderQuery(user.id)} as ongoing`,
    ) as unknown as Promise<{ rows: { pending_transfers: number; ongoing: boolean }[] }>,
  ]);
  const { pending_transfers: pendingTransfers, ongoing } = facts.rows[0]!;
  return {
    expiresAt,
    user: {
      id: user.id,
      firstName: firstName(user.name),
      isPhoneVerified: user.phoneVerifiedAt !== null,
      needsGender: needsGender(user.gender),
      phone: `${user.ddiPhone} ${user.ddiPhone === BRAZIL_DDI ? maskBrazilianPhone(user.phone) : user.phone}`,
      emailVerified: user.emailVerifiedAt !== null,
      pendingTransfers,
      ongoingPurchase: ongoing,
    },
  };
}
