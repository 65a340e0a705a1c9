import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { staffSessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';

/**
 * Issue 33: the writes of staff sessions (findStaffSession in staff-sessions.ts reads them). A
 * session past the password only opens the second factor, for a few minutes; a full one lasts a
 * working day and is never renewed (a new day, a new login with the code).
 */
export const PASSWORD_STAGE_MINUTES = 10;
export const FULL_SESSION_HOURS = 12;

export type TNewStaffSession = { token: string; expiresAt: Date };

export async function createStaffSession(
  db: TDb,
  options: { staffId: string; stage: 'password' | 'full'; ip: string },
): Promise<TNewStaffSession> {
  const token = randomToken();
  const lifetime =
    options.stage === 'full' ? FULL_SESSION_HOURS * 3_600_000 : PASSWORD_STAGE_MINUTES * 60_000;
  const expiresAt = new Date(Date.now() + lifetime);
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    staffId: options.staffId,
    stage: options.stage,
    ip: options.ip,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Ends one session (logout, or the half-way session replaced by a full one). */
export async function endStaffSession(db: TDb, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Ends every session of a staff member (the account disabled). */
export async function endStaffSessionsOf(db: TDb, staffId: string): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .returning({ tokenHash: staffSessions.tokenHash });
  return ended.length;
}
