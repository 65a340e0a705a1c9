import type { TDb } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema/index.ts';
import type { TStaff } from './roles.ts';

export type TStaffAction = {
  /** Who: null for the system (a CLI, a job finishing what a staff member started). */
  staff: Pick<TStaff, 'id' | 'email'> | null;
  /** What, as `noun.verb`: 'order.refund', 'biometry.approve', 'staff.invite', 'biometry.frames_view'. */
  action: string;
  targetType: string;
  targetId: string;
  /** The target's relevant fields before and after (never a CPF, a card number or a secret). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  requestId?: string | null;
};

/**
 * Issue 33: writes one line of the staff audit log. Call it with the transaction that makes the
 * change, so the line exists exactly when the change committed. The table refuses UPDATE,
 * DELETE and TRUNCATE (a trigger), so a line written is there for good.
 */
export async function recordStaffAction(db: TDb, action: TStaffAction): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: action.staff?.id ?? null,
    staffEmail: action.staff?.email ?? null,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    before: action.before ?? null,
    after: action.after ?? null,
    reason: action.reason ?? null,
    ip: action.ip ?? null,
    requestId: action.requestId ?? null,
  });
}
