import { randomBytes } from 'node:crypto';
import type { TCreateStaffCommissionerRequest, TStaffCommissioner } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import { commissionerEvents, commissioners } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import { eventsExist } from './invite-staff.ts';
import { staffCommissioners } from './list-staff-commissioners.ts';
import type { TStaff } from './roles.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffRequest, TStaffServices } from './staff-services.ts';

/**
 * POST /api/staff/commissioners (an administrator): a commissioner and the events it sells. Its
 * public hash (the `/?id=` of its link) is the one given or 12 random URL-safe characters.
 */
export async function createCommissioner(
  s: TStaffServices,
  options: { by: TStaff; input: TCreateStaffCommissionerRequest; request: TStaffRequest; locale: TLocale },
): Promise<TStaffCommissioner> {
  const { by, input, request, locale } = options;
  const eventIds = [...new Set(input.eventIds)];
  if (!(await eventsExist(s.db, eventIds))) throw staffFail('staff_event_not_found', locale);
  const hash = input.hash ?? randomBytes(9).toString('base64url');
  const id = await withTransaction(s.db, async (tx) => {
    const [row] = await tx
      .insert(commissioners)
      .values({ name: input.name, hash })
      .onConflictDoNothing()
      .returning({ id: commissioners.id });
    if (!row) return null;
    await tx
      .insert(commissionerEvents)
      .values(eventIds.map((eventId) => ({ commissionerId: row.id, eventId })));
    await recordStaffAction(tx, {
      staff: by,
      action: 'commissioner.create',
      targetType: 'commissioner',
      targetId: String(row.id),
      after: { name: input.name, hash, eventIds, active: true },
      ip: request.ip,
      requestId: request.requestId,
    });
    return row.id;
  });
  if (id === null) throw staffFail('staff_commissioner_hash_taken', locale);
  const [created] = await staffCommissioners(s.db, id);
  return created!;
}
