import type { TNewResetPasswordRequest } from '@ingressos/contracts/accounts';
import type { TLocale } from '@ingressos/domain';
import { and, eq, gt, isNull, sql } from '../../db/orm.ts';
import { passwordResets, sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import { fail } from './messages.ts';
import { hashPassword } from './passwords.ts';
import type { TAccountServices } from './services.ts';

/**
 * Sets a new password with a reset code. Spending the code is one conditional UPDATE, so two
 * requests with the same code cannot both pass; every session of the account is revoked and
 * every other pending code of the account is spent with it.
 */
export async function resetPassword(s: TAccountServices, request: TNewResetPasswordRequest, locale: TLocale) {
  const passwordHash = await hashPassword(request.password);
  const now = new Date();
  const userId = await s.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, request.id),
          eq(passwordResets.codeHash, sha256(request.code)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    // Reading the link proves the mailbox is theirs, so the address counts as verified too.
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    return reset.userId;
  });
  if (!userId) throw fail('reset_invalid', 'resetInvalid', locale);
  return userId;
}
