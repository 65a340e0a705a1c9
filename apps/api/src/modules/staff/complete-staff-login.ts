import type { TStaffLoginTotpRequest, TStaffMe } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { eq, sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import { countFailure, isLocked } from './lockout.ts';
import { staffMeView } from './staff-account-view.ts';
import { staffFail, type TStaffAccountsError } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';
import { createStaffSession, endStaffSession, type TNewStaffSession } from './staff-session-writes.ts';
import type { TStaffSession } from './staff-sessions.ts';
import { matchTotp, recoveryCodeHash } from './totp.ts';

/**
 * POST /api/staff/login/totp, the second half: a TOTP code (its time step works once: the step is
 * kept in `totp_last_step`, and the row is locked while it is checked, so two requests with one
 * code cannot both pass) or a recovery code (removed when used). Success swaps the half-way
 * session for a full one (a new token: the one seen before the second factor opens nothing) and
 * clears the failure count; a failure counts toward the lock.
 */
export async function completeStaffLogin(
  s: TStaffServices,
  options: { session: TStaffSession; input: TStaffLoginTotpRequest; request: TStaffRequest; locale: TLocale },
): Promise<{ me: TStaffMe; session: TNewStaffSession }> {
  const { session, input, request, locale } = options;
  await s.limits.consume('staffLoginIp', request.ip, locale);
  const audit = { ip: request.ip, requestId: request.requestId };
  const outcome = await withTransaction(
    s.db,
    async (tx): Promise<{ fail: TStaffAccountsError } | { me: TStaffMe; session: TNewStaffSession }> => {
      const [row] = await tx
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.id, session.staff.id))
        .for('update');
      if (!row?.totpEnabledAt || !row.totpSecret) return { fail: 'staff_totp_not_enrolled' };
      const failed = async (reason: string): Promise<{ fail: TStaffAccountsError }> => {
        const locked = reason === 'locked' || (await countFailure(tx, row.id));
        await recordStaffAction(tx, {
          staff: null,
          action: 'staff.login_failed',
          targetType: 'staff',
          targetId: row.id,
          after: { reason, locked },
          ...audit,
        });
        return { fail: locked ? 'staff_locked' : 'staff_invalid_code' };
      };
      if (isLocked(row)) return failed('locked');

      let method: 'totp' | 'recovery_code';
      const changes: Partial<typeof staffAccounts.$inferInsert> = {};
      if ('code' in input) {
        method = 'totp';
        const secret = await s.box.open(row.totpSecret);
        const step = await matchTotp({ secret, code: input.code, lastStep: row.totpLastStep });
        if (step === null) return failed('wrong_code');
        changes.totpLastStep = step;
      } else {
        method = 'recovery_code';
        const hash = recoveryCodeHash(input.recoveryCode);
        if (!row.recoveryCodes.includes(hash)) return failed('wrong_recovery_code');
        changes.recoveryCodes = row.recoveryCodes.filter((h) => h !== hash);
      }
      const [updated] = await tx
        .update(staffAccounts)
        .set({
          ...changes,
          failedLogins: 0,
          lockedUntil: null,
          lastLoginAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(staffAccounts.id, row.id))
        .returning();
      await endStaffSession(tx, session.tokenHash);
      const full = await createStaffSession(tx, { staffId: row.id, stage: 'full', ip: request.ip });
      await recordStaffAction(tx, {
        staff: { id: row.id, email: row.email },
        action: 'staff.login',
        targetType: 'staff',
        targetId: row.id,
        after: {
          method,
          ...(method === 'recovery_code' ? { recoveryCodesLeft: updated!.recoveryCodes.length } : {}),
        },
        ...audit,
      });
      return { me: staffMeView(updated!, 'full'), session: full };
    },
  );
  if ('fail' in outcome) throw staffFail(outcome.fail, locale);
  return outcome;
}
