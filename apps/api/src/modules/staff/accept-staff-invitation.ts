import type { TAcceptStaffInvitationAnswer } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { isStrongPassword } from '@ingressos/domain/password';
import { and, eq, isNull, sql } from '../../db/orm.ts';
import { staffAccounts, staffInvitations } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { recordStaffAction } from './audit.ts';
import { staffFail, type TStaffAccountsError } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';

/**
 * POST /api/staff/invitations/accept: the e-mailed link's token and a password (the buyers' rules:
 * packages/domain/src/password.ts). The invitation works once (marked used in the transaction that
 * activates the account) and for 72 hours; the next login sets up TOTP.
 */
export async function acceptStaffInvitation(
  s: TStaffServices,
  options: { token: string; password: string; request: TStaffRequest; locale: TLocale },
): Promise<TAcceptStaffInvitationAnswer> {
  const { request, locale } = options;
  await s.limits.consume('staffInvitationIp', request.ip, locale);
  if (!isStrongPassword(options.password)) throw staffFail('staff_password_weak', locale);
  const passwordHash = await hashPassword(options.password);
  const outcome = await withTransaction(
    s.db,
    async (tx): Promise<{ fail: TStaffAccountsError } | { email: string }> => {
      const [invitation] = await tx
        .select()
        .from(staffInvitations)
        .where(and(eq(staffInvitations.tokenHash, sha256(options.token)), isNull(staffInvitations.usedAt)))
        .for('update');
      if (!invitation) return { fail: 'staff_invitation_invalid' };
      if (invitation.expiresAt.getTime() <= Date.now()) return { fail: 'staff_invitation_expired' };
      const [account] = await tx
        .update(staffAccounts)
        .set({ passwordHash, status: 'active', failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(staffAccounts.id, invitation.staffId), eq(staffAccounts.status, 'invited')))
        .returning();
      // A disabled account's old invitation opens nothing.
      if (!account) return { fail: 'staff_invitation_invalid' };
      await tx
        .update(staffInvitations)
        .set({ usedAt: sql`now()` })
        .where(eq(staffInvitations.tokenHash, invitation.tokenHash));
      await recordStaffAction(tx, {
        staff: { id: account.id, email: account.email },
        action: 'staff.invitation_accept',
        targetType: 'staff',
        targetId: account.id,
        before: { status: 'invited' },
        after: { status: 'active' },
        ip: request.ip,
        requestId: request.requestId,
      });
      return { email: account.email };
    },
  );
  if ('fail' in outcome) throw staffFail(outcome.fail, locale);
  return { email: outcome.email, next: 'login' };
}
