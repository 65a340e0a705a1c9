import type { TStaffAccountsAnswer } from '@ingressos/contracts/staff';
import type { TDb } from '../../db/client.ts';
import { asc } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { staffAccountView } from './staff-account-view.ts';

/** GET /api/staff/accounts: every staff account, oldest first (a team is tens of people, not thousands). */
export async function listStaffAccounts(db: TDb): Promise<TStaffAccountsAnswer> {
  const rows = await db
    .select()
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.id));
  return { accounts: rows.map(staffAccountView) };
}
