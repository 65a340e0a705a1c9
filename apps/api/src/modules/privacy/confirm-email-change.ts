import type { TConfirmEmailChangeRequest } from '@ingressos/contracts/privacy';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { accountDeletions, emailChanges, users } from '../../db/schema/index.ts';
import { violatedUniqueConstraint } from '../accounts/find-user.ts';
import { fail } from '../accounts/messages.ts';
import type { TAccountServices } from '../accounts/services.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { sha256 } from '../accounts/tokens.ts';
import { AppError } from '../app-error.ts';
import { hideEmail } from '../transfers/transfer-facts.ts';
import { privacyError, privacyMessage } from './messages.ts';
import { emailChangedMail } from './privacy-mails.ts';

/**
 * Follows the link sent to the new address. Spending it is one conditional UPDATE (unused,
 * unexpired, right code) in the transaction that changes the e-mail, so it works once; the
 * change is refused when the password changed since (the owner reset it) or the address was
 * taken meanwhile. Reading the link proves the new mailbox, so it counts as verified.
 */
export async function confirmEmailChange(options: {
  s: TAccountServices;
  input: TConfirmEmailChangeRequest;
  locale: TLocale;
}): Promise<{ Message: string }> {
  const { s, input, locale } = options;
  const now = new Date();
  let result: { user: TUserRow; newEmail: string };
  try {
    result = await s.db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChanges.id, input.id),
            eq(emailChanges.codeHash, sha256(input.code)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, now),
          ),
        )
        .returning();
      if (!change) throw privacyError('email_change_invalid', locale);
      await tx.execute(sql`select id from users where id = ${change.userId} for update`);
      const [user] = await tx.select().from(users).where(eq(users.id, change.userId));
      const [deleted] = await tx
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, change.userId));
      if (!user || deleted || sha256(user.passwordHash) !== change.passwordFingerprint)
        throw privacyError('email_change_invalid', locale);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, change.newEmail), ne(users.id, user.id)));
      if (taken) throw fail('email_taken', 'emailTaken', locale);
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      return { user, newEmail: change.newEmail };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Another account took the address between the check and the update: the index decides.
    if (violatedUniqueConstraint(error) !== null) throw fail('email_taken', 'emailTaken', locale);
    throw error;
  }

  const { user, newEmail } = result;
  try {
    await s.mailer.send(
      emailChangedMail({
        to: user.email,
        name: user.name,
        brand: s.config.BRAND_NAME,
        link: s.config.HELP_CENTER_URL,
        locale: nationalityLocale(user.nationality as TNationality),
        newEmail: hideEmail(newEmail),
      }),
    );
  } catch (error) {
    s.log.error('e-mail changed notice failed', { error, userId: user.id });
  }
  return { Message: privacyMessage('email_changed', locale) };
}
