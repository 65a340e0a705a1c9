import type { TStaffMe } from '@ingressos/contracts/staff';
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
import { matchTotp, newRecoveryCodes, recoveryCodeHash } from './totp.ts';

/**
 * POST /api/staff/totp/confirm: the first code from the app proves the secret was saved; TOTP is
 * then in force, ten recovery codes are answered once (only their SHA-256 is kept), and the
 * half-way session becomes a full one (a new token), which is the first login's completion.
 */
export async function confirmStaffTotp(
  s: TStaffServices,
  options: { session: TStaffSession; code: string; request: TStaffRequest; locale: TLocale },
): Promise<{ me: TStaffMe; recoveryCodes: string[]; session: TNewStaffSession }> {
  const { session, request, locale } = options;
  await s.limits.consume('staffLoginIp', request.ip, locale);
  const audit = { ip: request.ip, requestId: request.requestId };
  const outcome = await withTransaction(
    s.db,
    async (
      tx,
    ): Promise<
      { fail: TStaffAccountsError } | { me: TStaffMe; recoveryCodes: string[]; session: TNewStaffSession }
    > => {
      const [row] = await tx
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.id, session.staff.id))
        .for('update');
      if (!row) return { fail: 'staff_totp_enrol_first' };
      if (row.totpEnabledAt) return { fail: 'staff_totp_already_enrolled' };
      if (!row.totpSecret) return { fail: 'staff_totp_enrol_first' };
      const locked = isLocked(row);
      const step = locked
        ? null
        : await matchTotp({ secret: await s.box.open(row.totpSecret), code: options.code, lastStep: null });
      if (step === null) {
        const nowLocked = locked || (await countFailure(tx, row.id));
        await recordStaffAction(tx, {
          staff: null,
          action: 'staff.login_failed',
          targetType: 'staff',
          targetId: row.id,
          after: { reason: locked ? 'locked' : 'wrong_enrolment_code', locked: nowLocked },
          ...audit,
        });
        return { fail: nowLocked ? 'staff_locked' : 'staff_invalid_code' };
      }
      const recoveryCodes = newRecoveryCodes();
      const [updated] = await tx
        .update(staffAccounts)
        .set({
          totpEnabledAt: sql`now()`,
          totpLastStep: step,
          recoveryCodes: recoveryCodes.map(recoveryCodeHash),
          failedLogins: 0,
          lockedUntil: null,
          lastLoginAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(staffAccounts.id, row.id))
        .returning();
      await endStaffSession(tx, session.tokenHash);
      const full = await createStaffSession(tx, { staffId: row.id, stage: 'full', ip: request.ip });
      const who = { id: row.id, email: row.email };
      await recordStaffAction(tx, {
        staff: who,
        action: 'staff.totp_enrol',
        targetType: 'staff',
        targetId: row.id,
        after: { recoveryCodes: recoveryCodes.length },
        ...audit,
      });
      await recordStaffAction(tx, {
        staff: who,
        action: 'staff.login',
        targetType: 'staff',
        targetId: row.id,
        after: { method: 'totp_enrolment' },
        ...audit,
      });
      return { me: staffMeView(updated!, 'full'), recoveryCodes, session: full };
    },
  );
  if ('fail' in outcome) throw staffFail(outcome.fail, locale);
  return outcome;
}
