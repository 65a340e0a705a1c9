import type { TStaffLoginAnswer } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { eq } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { burnPasswordCheck, verifyPassword } from '../accounts/passwords.ts';
import { recordStaffAction } from './audit.ts';
import { countFailure, isLocked } from './lockout.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';
import { createStaffSession, type TNewStaffSession } from './staff-session-writes.ts';

/**
 * POST /api/staff/login, the first half: e-mail and password (argon2id, the buyers' hashing). An
 * unknown e-mail, an account not active and a wrong password get the same answer in the same time;
 * a locked account says so (the console tells the person to wait or ask an administrator). A right
 * password opens a half-way session that opens nothing but the second factor. Every failure is
 * counted (per account: lockout.ts; per IP: `staffLoginIp`) and audited, without the password.
 */
export async function logInStaff(
  s: TStaffServices,
  options: { email: string; password: string; request: TStaffRequest; locale: TLocale },
): Promise<{ answer: TStaffLoginAnswer; session: TNewStaffSession }> {
  const { password, request, locale } = options;
  await s.limits.consume('staffLoginIp', request.ip, locale);
  const email = options.email.trim().toLowerCase();
  const [row] = await s.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const audit = { ip: request.ip, requestId: request.requestId };

  if (row?.status !== 'active' || !row.passwordHash) {
    await burnPasswordCheck(password);
    await recordStaffAction(s.db, {
      staff: null,
      action: 'staff.login_failed',
      targetType: 'staff',
      targetId: row?.id ?? 'unknown',
      after: { reason: row ? `account_${row.status}` : 'unknown_account' },
      ...audit,
    });
    throw staffFail('staff_invalid_credentials', locale);
  }
  if (isLocked(row)) {
    await burnPasswordCheck(password);
    await recordStaffAction(s.db, {
      staff: null,
      action: 'staff.login_failed',
      targetType: 'staff',
      targetId: row.id,
      after: { reason: 'locked' },
      ...audit,
    });
    throw staffFail('staff_locked', locale);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    const locked = await inTransaction(s.db, async (tx) => {
      const nowLocked = await countFailure(tx, row.id);
      await recordStaffAction(tx, {
        staff: null,
        action: 'staff.login_failed',
        targetType: 'staff',
        targetId: row.id,
        after: { reason: 'wrong_password', locked: nowLocked },
        ...audit,
      });
      return nowLocked;
    });
    throw staffFail(locked ? 'staff_locked' : 'staff_invalid_credentials', locale);
  }
  // The count is cleared only once the second factor is given (lockout.ts says why).
  const session = await createStaffSession(s.db, { staffId: row.id, stage: 'password', ip: request.ip });
  return { answer: { next: row.totpEnabledAt ? 'totp' : 'enrol' }, session };
}
