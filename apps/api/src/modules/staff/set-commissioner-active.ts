import type { TStaffCommissioner } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { eq, sql } from '../../db/orm.ts';
import { commissioners } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import { staffCommissioners } from './list-staff-commissioners.ts';
import type { TStaff } from './roles.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';

/**
 * PATCH /api/staff/commissioners/:id (an administrator): deactivate (its link and its landing
 * sell nothing: find-commissioner.ts refuses an inactive one) or reactivate. Its past sales stay.
 */
export async function setCommissionerActive(
  s: TStaffServices,
  options: { by: TStaff; id: number; active: boolean; request: TStaffRequest; locale: TLocale },
): Promise<TStaffCommissioner> {
  const { by, id, active, request, locale } = options;
  const found = await withTransaction(s.db, async (tx) => {
    const [row] = await tx.select().from(commissioners).where(eq(commissioners.id, id)).for('update');
    if (!row) return false;
    await tx.update(commissioners).set({ active, updatedAt: sql`now()` }).where(eq(commissioners.id, id));
    await recordStaffAction(tx, {
      staff: by,
      action: active ? 'commissioner.activate' : 'commissioner.deactivate',
      targetType: 'commissioner',
      targetId: String(id),
      before: { active: row.active },
      after: { active },
      ip: request.ip,
      requestId: request.requestId,
    });
    return true;
  });
  if (!found) throw staffFail('staff_commissioner_not_found', locale);
  const [commissioner] = await staffCommissioners(s.db, id);
  return commissioner!;
}
