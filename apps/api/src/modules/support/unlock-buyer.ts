import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffUnlockAnswer } from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { users } from '../../db/schema/index.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import { AppError } from '../app-error.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';

/**
 * POST /api/staff/buyers/:userId/unlock: a buyer who spent their login attempts may try again.
 * Logins count against the account (`user:<id>`, from every address, loginAccount) and against
 * the account from one address (`user:<id>|<ip>`, loginAccountIp): both are forgotten, from
 * every address (rate-limits.ts `forget`). An attempt made by e-mail or CPF before the account
 * existed counted as `id:<typed>`: those go too. The audit line says who unlocked whom.
 */
export async function unlockBuyer(options: {
  db: TDb;
  limits: TRateLimits;
  userId: string;
  audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;
  locale: TLocale;
}): Promise<TStaffUnlockAnswer> {
  const { db, limits, userId } = options;
  const [user] = await db
    .select({ id: users.id, email: users.email, document: users.document })
    .from(users)
    .where(eq(users.id, userId));
  if (!user)
    throw new AppError('staff_buyer_not_found', API_MESSAGES[options.locale].staffSupport.buyer_not_found);
  for (const key of [`user:${user.id}`, `id:${user.email}`, `id:${user.document}`]) {
    await limits.forget('loginAccount', key);
    await limits.forget('loginAccountIp', key);
  }
  await recordStaffAction(db, {
    ...options.audit,
    action: 'buyer.unlock',
    targetType: 'user',
    targetId: user.id,
  });
  return { userId: user.id, unlocked: true };
}
