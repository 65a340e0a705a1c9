import type { TDb } from '../../db/client.ts';
import { and, eq, gt, sql } from '../../db/orm.ts';
import { staffAccounts, staffSessions } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import type { TStaff, TStaffRole } from './roles.ts';

/** The cookie of a staff session: its own name, never the buyers' `sid` (`__Host-` over HTTPS). */
export const staffCookieName = (secure: boolean) => (secure ? '__Host-staff_sid' : 'staff_sid');

export type TStaffSession = { staff: TStaff; stage: 'password' | 'full'; tokenHash: string };

/**
 * The live session of a token and its staff member, or null: expired, unknown, or its account
 * disabled. A 'password' session (second factor still to give) is returned as such; only
 * requireStaff decides what it may open.
 */
export async function findStaffSession(db: TDb, token: string): Promise<TStaffSession | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      stage: staffSessions.stage,
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      eventIds: staffAccounts.eventIds,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, sql`now()`),
        eq(staffAccounts.status, 'active'),
      ),
    );
  if (!row) return null;
  const { stage, ...staff } = row;
  return {
    staff: { ...staff, role: staff.role as TStaffRole },
    stage: stage === 'full' ? 'full' : 'password',
    tokenHash,
  };
}
