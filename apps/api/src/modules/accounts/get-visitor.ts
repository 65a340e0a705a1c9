import type { TShellUser } from '@ingressos/contracts/visitor';
import { BRAZIL_DDI, needsGender } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import { maskBrazilianPhone } from '@ingressos/domain/phone';
import type { TDb } from '../../db/client.ts';
import { findOngoingOrder } from '../checkout/ongoing.ts';
import { pendingReceivedCount } from '../transfers/list-transfers.ts';
import { renewSession, type TSession, type TUserRow } from './sessions.ts';

/**
 * Issue 18: the logged-in visitor as a page's frame shows them (greeting, bell, account pop-ups),
 * with the session renewed as every page's frame renews it. Renewal, the bell's count and the
 * ongoing-purchase check are indexed reads, asked together.
 */
export async function getVisitor(options: {
  db: TDb;
  user: TUserRow;
  session: TSession;
  ttlDays: number;
}): Promise<{ user: TShellUser; expiresAt: Date }> {
  const { db, user, session } = options;
  const [expiresAt, pendingTransfers, ongoing] = await Promise.all([
    renewSession(db, session, options.ttlDays),
    pendingReceivedCount(db, user),
    findOngoingOrder(db, user.id),
  ]);
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
      ongoingPurchase: ongoing !== null,
    },
  };
}
