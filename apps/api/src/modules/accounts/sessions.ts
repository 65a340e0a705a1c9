import type { TDb } from '../../db/client.ts';
import { and, eq, gt, sql } from '../../db/orm.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';

export type TUserRow = typeof users.$inferSelect;
export type TSession = { tokenHash: string; userId: string; expiresAt: Date };

const DAY_MS = 86_400_000;

export async function createSession(db: TDb, userId: string, ttlDays: number) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The condition `findSession` reads a token's session by (also get-visitor.ts's page lookup). */
export const liveSession = (token: string) =>
  and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date()));

/**
 * Every request with a session reads it (issue 37: three or four times a purchase), so the query
 * is built once per database and sent as a named prepared statement: neither the query builder
 * nor PostgreSQL's parser and planner run for it again.
 */
const findSessionQuery = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('find_session'),
);

/** The live session of a token and its user, or null (unknown, revoked or expired). */
export async function findSession(
  db: TDb,
  token: string,
): Promise<{ session: TSession; user: TUserRow } | null> {
  const query = findSessionQuery(db);
  const [row] = await query.execute({ hash: sha256(token), now: new Date() });
  return row ? { session: row.session, user: row.user } : null;
}

/**
 * Slides the expiry to `ttlDays` from now. Pages renew on every load, so the row is written at
 * most once an hour.
 */
export async function renewSession(db: TDb, session: TSession, ttlDays: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
  if (expiresAt.getTime() - session.expiresAt.getTime() < 3_600_000) return session.expiresAt;
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, session.tokenHash));
  return expiresAt;
}

export async function revokeSession(db: TDb, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessions(db: TDb, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
