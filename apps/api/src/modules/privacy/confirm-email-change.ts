import type { TConfirmEmailChangeRequest } from '@ingressos/contracts/privacy';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { and, eq, gt, isNull, ne, sql } from '../../db/orm.ts';
import { accountDeletions, emailChanges, users } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import { violatedUniqueConstraint } from '../accounts/find-user.ts';
import { fail } from '../accounts/messages.ts';
import type { TAccountServices } from '../accounts/services.ts';
import { AppError } from '../app-error.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
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
  try {
    await s.db.transaction(async (tx) => {
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
      // The old address learns of the change with it.
      await enqueueMessage(tx, {
        channel: 'mail',
        mail: emailChangedMail({
          to: user.email,
          name: user.name,
          brand: s.config.BRAND_NAME,
          link: s.config.HELP_CENTER_URL,
          locale: nationalityLocale(user.nationality as TNationality),
          newEmail: hideEmail(change.newEmail),
        }),
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Another account took the address between the check and the update: the index decides.
    if (violatedUniqueConstraint(error) !== null) throw fail('email_taken', 'emailTaken', locale);
    throw error;
  }

  s.outbox.nudge();
  return { Message: privacyMessage('email_changed', locale) };
}
