import type { TDb } from '../../db/client.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import type { TStaffRequest } from './staff-services.ts';
import { endStaffSession } from './staff-session-writes.ts';
import type { TStaffSession } from './staff-sessions.ts';

/** POST /api/staff/logout: ends this session (audited when it was a full one). */
export async function logOutStaff(db: TDb, session: TStaffSession | undefined, request: TStaffRequest) {
  if (!session) return;
  await inTransaction(db, async (tx) => {
    await endStaffSession(tx, session.tokenHash);
    if (session.stage === 'full')
      await recordStaffAction(tx, {
        staff: session.staff,
        action: 'staff.logout',
        targetType: 'staff',
        targetId: session.staff.id,
        ip: request.ip,
        requestId: request.requestId,
      });
  });
}
