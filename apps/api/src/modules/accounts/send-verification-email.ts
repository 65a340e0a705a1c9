import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { signEmailToken } from './email-links.ts';
import { verificationMail } from './mail-templates.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/** Sends the signed, expiring link that verifies the address (through the outbox, which retries). */
export async function sendVerificationEmail(s: TAccountServices, user: TUserRow): Promise<void> {
  const token = await signEmailToken(await s.secret(), user.id, user.email);
  const link = `${s.config.publicUrl}/api/v2/confirm-email?token=${encodeURIComponent(token)}`;
  const mail = verificationMail({
    to: user.email,
    name: user.name,
    brand: s.config.BRAND_NAME,
    link,
    locale: nationalityLocale(user.nationality as TNationality),
  });
  await enqueueMessage(s.db, { channel: 'mail', mail });
  s.outbox.nudge();
}
