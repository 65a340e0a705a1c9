import { API_MESSAGES } from '@ingressos/contracts';
import {
  STAFF_SCOPED_ROLES,
  type TStaffAccount,
  type TUpdateStaffAccountRequest,
} from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { and, eq, sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { AppError } from '../app-error.ts';
import { recordStaffAction } from './audit.ts';
import { eventsExist } from './invite-staff.ts';
import type { TStaff, TStaffRole } from './roles.ts';
import { accessOf, staffAccountView } from './staff-account-view.ts';
import { staffFail, type TStaffAccountsError } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';
import { endStaffSessionsOf } from './staff-session-writes.ts';

/** The scope rule of the contract (a gate agent one event, a producer some, the others none) on the merged account. */
function scopeProblem(role: TStaffRole, eventIds: number[]): string | null {
  if (role === 'gate' && eventIds.length !== 1) return 'eventIds: a gate agent works exactly one event';
  if (role === 'producer' && eventIds.length === 0) return 'eventIds: a producer needs at least one event';
  if (!STAFF_SCOPED_ROLES.includes(role) && eventIds.length > 0)
    return 'eventIds: only producers and gate agents have events';
  return null;
}

/**
 * PATCH /api/staff/accounts/:id (an administrator): role, events, status. Disabling ends the
 * account's sessions at once (a role change needs no such step: every request reads the role).
 * 'active' on an account that never accepted its invitation leaves it 'invited'. The last active
 * administrator can be neither disabled nor demoted: the active admins are locked and counted in
 * the transaction, so two administrators demoting each other at once cannot leave none.
 */
export async function updateStaffAccount(
  s: TStaffServices,
  options: {
    by: TStaff;
    id: string;
    patch: TUpdateStaffAccountRequest;
    request: TStaffRequest;
    locale: TLocale;
  },
): Promise<TStaffAccount> {
  const { by, id, patch, request, locale } = options;
  if (patch.eventIds && !(await eventsExist(s.db, patch.eventIds)))
    throw staffFail('staff_event_not_found', locale);
  const outcome = await withTransaction(
    s.db,
    async (tx): Promise<{ fail: TStaffAccountsError } | { problem: string } | { account: TStaffAccount }> => {
      const admins = await tx
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.role, 'admin'), eq(staffAccounts.status, 'active')))
        .orderBy(staffAccounts.id)
        .for('update');
      const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
      if (!row) return { fail: 'staff_not_found' };
      const role = (patch.role ?? row.role) as TStaffRole;
      // A role without events drops the old ones unless new ones are named.
      const eventIds = patch.eventIds ?? (STAFF_SCOPED_ROLES.includes(role) ? row.eventIds : []);
      const problem = scopeProblem(role, eventIds);
      if (problem) return { problem };
      const status =
        patch.status === 'disabled'
          ? 'disabled'
          : patch.status === 'active'
            ? row.passwordHash
              ? 'active'
              : 'invited'
            : row.status;
      const wasActiveAdmin = row.role === 'admin' && row.status === 'active';
      const staysActiveAdmin = role === 'admin' && status === 'active';
      if (wasActiveAdmin && !staysActiveAdmin && admins.filter((a) => a.id !== row.id).length === 0)
        return { fail: 'staff_last_admin' };
      const [updated] = await tx
        .update(staffAccounts)
        .set({ role, eventIds, status, updatedAt: sql`now()` })
        .where(eq(staffAccounts.id, id))
        .returning();
      const sessionsEnded =
        status === 'disabled' && row.status !== 'disabled' ? await endStaffSessionsOf(tx, id) : 0;
      await recordStaffAction(tx, {
        staff: by,
        action: status === 'disabled' && row.status !== 'disabled' ? 'staff.disable' : 'staff.update',
        targetType: 'staff',
        targetId: id,
        before: accessOf(row),
        after: { ...accessOf(updated!), ...(sessionsEnded ? { sessionsEnded } : {}) },
        ip: request.ip,
        requestId: request.requestId,
      });
      return { account: staffAccountView(updated!) };
    },
  );
  if ('problem' in outcome)
    throw new AppError(
      'invalid_request',
      `${API_MESSAGES[locale].request.invalid_request}: ${outcome.problem}`,
    );
  if ('fail' in outcome) throw staffFail(outcome.fail, locale);
  return outcome.account;
}
