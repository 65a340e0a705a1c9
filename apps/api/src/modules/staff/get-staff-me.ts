import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffMe } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { staffMeView } from './staff-account-view.ts';
import type { TStaffSession } from './staff-sessions.ts';

/** GET /api/staff/me: the session's staff member and stage (a half-way session too: the login page reads it). */
export async function getStaffMe(
  db: TDb,
  session: TStaffSession | undefined,
  locale: TLocale,
): Promise<TStaffMe> {
  const [row] = session
    ? await db.select().from(staffAccounts).where(eq(staffAccounts.id, session.staff.id))
    : [];
  if (!session || !row)
    throw new AppError('staff_unauthenticated', API_MESSAGES[locale].staff.staff_unauthenticated);
  return staffMeView(row, session.stage);
}
