import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { and, eq, isNull } from '../../db/orm.ts';
import { emailChanges } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';
import { isEmailRegistered } from '../accounts/find-user.ts';
import { fail } from '../accounts/messages.ts';
import type { TAccountServices } from '../accounts/services.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { hideEmail } from '../transfers/transfer-facts.ts';
import { privacyError, privacyMessage } from './messages.ts';
import { emailChangeLinkMail, emailChangeNoticeMail } from './privacy-mails.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';

export const EMAIL_CHANGE_TTL_HOURS = 24;

/**
 * Asks to change the account's e-mail (LGPD art. 18 III): after the password, a single-use link
 * goes to the NEW address (nothing changes until it is followed) and a notice to the OLD one.
 * A newer request voids the older links of the account.
 */
export async function requestEmailChange(options: {
  s: TAccountServices;
  user: TUserRow;
  input: { email: string; password: string };
  ip: string;
  locale: TLocale;
}): Promise<{ Message: string }> {
  const { s, user, input, locale } = options;
  await s.limits.consume('emailChangeUser', user.id, locale);
  await verifyCurrentPassword({ ...options, password: input.password });
  if (input.email === user.email) throw privacyError('email_same', locale);
  if (await isEmailRegistered(s.db, input.email)) throw fail('email_taken', 'emailTaken', locale);

  const code = randomToken();
  const now = new Date();
  const mailLocale = nationalityLocale(user.nationality as TNationality);
  // The change and its two messages (the link to the new address, the notice to the old) commit together.
  await s.db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    const [change] = await tx
      .insert(emailChanges)
      .values({
        userId: user.id,
        newEmail: input.email,
        codeHash: sha256(code),
        passwordFingerprint: sha256(user.passwordHash),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
      })
      .returning({ id: emailChanges.id });
    const link = `${s.config.publicUrl}/confirmar-email?id=${change!.id}&code=${code}`;
    await enqueueMessage(tx, {
      channel: 'mail',
      mail: emailChangeLinkMail({
        to: input.email,
        name: user.name,
        brand: s.config.BRAND_NAME,
        link,
        locale: mailLocale,
        hours: EMAIL_CHANGE_TTL_HOURS,
      }),
    });
    await enqueueMessage(tx, {
      channel: 'mail',
      mail: emailChangeNoticeMail({
        to: user.email,
        name: user.name,
        brand: s.config.BRAND_NAME,
        link: `${s.config.publicUrl}/login`,
        locale: mailLocale,
        newEmail: hideEmail(input.email),
      }),
    });
  });
  s.outbox.nudge();
  return { Message: privacyMessage('email_change_sent', locale, { email: input.email }) };
}
