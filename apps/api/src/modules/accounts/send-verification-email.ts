import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { signEmailToken } from './email-links.ts';
import { verificationMail } from './mail-templates.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/** Sends the signed, expiring link that verifies the address (throws when the mail cannot go). */
export async function sendVerificationEmail(s: TAccountServices, user: TUserRow): Promise<void> {
  const token = await signEmailToken(await s.secret(), user.id, user.email);
  const link = `${s.config.publicUrl}/api/v2/confirm-email?token=${encodeURIComponent(token)}`;
  await s.mailer.send(
    verificationMail({
      to: user.email,
      name: user.name,
      brand: s.config.BRAND_NAME,
      link,
      locale: nationalityLocale(user.nationality as TNationality),
    }),
  );
}
