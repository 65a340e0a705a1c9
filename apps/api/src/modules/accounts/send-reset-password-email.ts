import type { TSendResetPasswordRequest } from '@ingressos/contracts/accounts';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { passwordResets } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { findUserByIdentifier } from './find-user.ts';
import { resetPasswordMail } from './mail-templates.ts';
import { fail } from './messages.ts';
import type { TAccountServices } from './services.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** a***@exemplo.com: enough to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Spec: an unknown identifier answers 'Nenhum usuário encontrado.' (which tells whether an
 * account exists: see docs/decisions.md); a known one gets a single-use link valid for an hour.
 */
export async function sendResetPasswordEmail(
  s: TAccountServices,
  request: TSendResetPasswordRequest,
  locale: TLocale,
): Promise<{ status: 'email_sent'; email: string }> {
  const user = await findUserByIdentifier(s.db, request.identifier);
  if (!user) throw fail('user_not_found', 'userNotFound', locale);
  const code = randomToken();
  // The reset and its e-mail commit together; the outbox retries a mail server that fails meanwhile.
  await withTransaction(s.db, async (tx) => {
    const [reset] = await tx
      .insert(passwordResets)
      .values({ userId: user.id, codeHash: sha256(code), expiresAt: new Date(Date.now() + RESET_TTL_MS) })
      .returning({ id: passwordResets.id });
    const link = `${s.config.publicUrl}/home/confirmpasswordreset?id=${reset!.id}&code=${code}`;
    const mail = resetPasswordMail({
      to: user.email,
      name: user.name,
      brand: s.config.BRAND_NAME,
      link,
      locale: nationalityLocale(user.nationality as TNationality),
    });
    await enqueueMessage(tx, { channel: 'mail', mail });
  });
  s.outbox.nudge();
  return { status: 'email_sent', email: maskEmail(user.email) };
}
