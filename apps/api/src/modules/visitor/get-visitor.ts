import type { TShellUser } from '@ingressos/contracts/visitor';
import { BRAZIL_DDI, needsGender } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import { maskBrazilianPhone } from '@ingressos/domain/phone';
import type { TDb } from '../../db/client.ts';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { liveSession, renewSession, type TSession, type TUserRow } from '../accounts/sessions.ts';
import { hasOngoingOrderQuery } from '../checkout/ways-to-pay/ongoing.ts';
import { pendingReceivedCountQuery } from '../transfers/list-transfers.ts';

/*
 * The visitor read model (issue 32): it reads accounts (the session), checkout (an ongoing
 * purchase) and transfers (the bell), so it sits in a folder above the three; no module imports it,
 * only http (authenticate.ts, routes/visitor.ts). Kept out of accounts so accounts reads no feature.
 */

/** What the frame shows besides the user's own row: the bell's count and whether a purchase is under way. */
export type TVisitorFacts = { pendingTransfers: number; ongoing: boolean };

/**
 * A page's session lookup (authenticate.ts, once per page render): `findSession` with the visitor's
 * facts in the same statement, for the frame's `getVisitor` to use. A statement has a fixed cost on
 * the embedded database that every personal page paid once more for these.
 */
export async function findSessionWithFacts(
  db: TDb,
  token: string,
): Promise<{ session: TSession; user: TUserRow; facts: TVisitorFacts } | null> {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      pendingTransfers: sql<number>`(${pendingReceivedCountQuery(users)})`.mapWith(Number),
      ongoing: sql<boolean>`${hasOngoingOrderQuery(users.id)}`.mapWith(Boolean),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(token))
    .limit(1);
  return row
    ? {
        session: row.session,
        user: row.user,
        facts: { pendingTransfers: row.pendingTransfers, ongoing: row.ongoing },
      }
    : null;
}

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
  /** Read with the session already (`findSessionWithFacts`), else read here. */
  facts?: TVisitorFacts | undefined;
}): Promise<{ user: TShellUser; expiresAt: Date }> {
  const { db, user, session } = options;
  const [expiresAt, { pendingTransfers, ongoing }] = await Promise.all([
    renewSession(db, session, options.ttlDays),
    options.facts ?? readFacts(db, user),
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
      ongoingPurchase: ongoing,
    },
  };
}

async function readFacts(db: TDb, user: TUserRow): Promise<TVisitorFacts> {
  const result = await rows<{ pending_transfers: number; ongoing: boolean }>(
    db,
    sql`select (${pendingReceivedCountQuery(user)}) as pending_transfers, ${hasOngoingOrderQuery(user.id)} as ongoing`,
  );
  const row = result[0]!;
  return { pendingTransfers: Number(row.pending_transfers), ongoing: Boolean(row.ongoing) };
}
