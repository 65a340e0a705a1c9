import type { TDb } from '../../db/client.ts';
import { eq, sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';

/**
 * Issue 33: a staff account locks itself after LOCK_AFTER failed tries in a row (a wrong password,
 * a wrong TOTP or recovery code), for LOCK_MINUTES; an administrator may unlock it sooner. Only a
 * completed login (the second factor given) clears the count, so knowing the password does not
 * buy fresh tries at the code. The per-IP rate limit (`staffLoginIp`) is the guard beside it.
 */
export const LOCK_AFTER = 5;
export const LOCK_MINUTES = 15;

/** Whether an account is locked at `now`. */
export function isLocked(account: { lockedUntil: Date | null }, now: Date = new Date()): boolean {
  return account.lockedUntil !== null && account.lockedUntil.getTime() > now.getTime();
}

/**
 * Counts one failure in the row itself (one UPDATE, so concurrent tries all count) and locks the
 * account on the LOCK_AFTER-th; answers whether it is now locked.
 */
export async function countFailure(db: TDb, staffId: string): Promise<boolean> {
  const [row] = await db
    .update(staffAccounts)
    .set({
      // A lock that has run out starts the count again; the LOCK_AFTER-th failure in a row locks.
      failedLogins: sql`case when ${staffAccounts.lockedUntil} <= now() then 1
        else ${staffAccounts.failedLogins} + 1 end`,
      lockedUntil: sql`case
        when ${staffAccounts.lockedUntil} <= now() then null
        when ${staffAccounts.failedLogins} + 1 >= ${LOCK_AFTER} and ${staffAccounts.lockedUntil} is null
          then now() + make_interval(mins => ${LOCK_MINUTES})
        else ${staffAccounts.lockedUntil} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(staffAccounts.id, staffId))
    .returning({ lockedUntil: staffAccounts.lockedUntil });
  return row ? isLocked(row) : false;
}
