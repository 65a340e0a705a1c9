import type { TStaffAccount } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { eq, sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import type { TStaff } from './roles.ts';
import { staffAccountView } from './staff-account-view.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';

/** POST /api/staff/accounts/:id/unlock (an administrator): clears the failed-login count and the lock. */
export async function unlockStaffAccount(
  s: TStaffServices,
  options: { by: TStaff; id: string; request: TStaffRequest; locale: TLocale },
): Promise<TStaffAccount> {
  const { by, id, request, locale } = options;
  const account = await withTransaction(s.db, async (tx) => {
    const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!row) return null;
    const [updated] = await tx
      .update(staffAccounts)
      .set({ failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(staffAccounts.id, id))
      .returning();
    await recordStaffAction(tx, {
      staff: by,
      action: 'staff.unlock',
      targetType: 'staff',
      targetId: id,
      before: { failedLogins: row.failedLogins, lockedUntil: row.lockedUntil?.toISOString() ?? null },
      after: { failedLogins: 0, lockedUntil: null },
      ip: request.ip,
      requestId: request.requestId,
    });
    return updated!;
  });
  if (!account) throw staffFail('staff_not_found', locale);
  return staffAccountView(account);
}
