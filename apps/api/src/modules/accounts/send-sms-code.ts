import { randomInt } from 'node:crypto';
import type { TSendSmsCodeResponse } from '@ingressos/contracts/accounts';
import type { TLocale } from '@ingressos/domain';
import { phoneCodes } from '../../db/schema/index.ts';
import { sha256 } from '../../db/tokens.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { fail } from './messages.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/** How long a phone code lives; the modal counts it down and offers a new one at zero. */
export const PHONE_CODE_TTL_S = 120;

export const phoneCodeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** Sends a new 6-digit code to the account's phone, replacing any pending one. */
export async function sendSmsCode(
  s: TAccountServices,
  user: TUserRow,
  locale: TLocale,
): Promise<TSendSmsCodeResponse> {
  if (user.phoneVerifiedAt) throw fail('phone_already_verified', 'phoneAlreadyVerified', locale);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const phone = `${user.ddiPhone}${user.phone}`;
  const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_S * 1000);
  const values = {
    codeHash: phoneCodeHash(user.id, code),
    phone,
    attempts: 0,
    createdAt: new Date(),
    expiresAt,
  };
  const minutes = PHONE_CODE_TTL_S / 60;
  const body =
    user.nationality === 0
      ? `${s.config.BRAND_NAME}: seu código de verificação é ${code}. Ele expira em ${minutes} minutos.`
      : `${s.config.BRAND_NAME}: your verification code is ${code}. It expires in ${minutes} minutes.`;
  // The code and its SMS commit together; the outbox retries a provider that fails meanwhile.
  await withTransaction(s.db, async (tx) => {
    await tx
      .insert(phoneCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: phoneCodes.userId, set: values });
    await enqueueMessage(tx, { channel: 'sms', to: phone, body });
  });
  s.outbox.nudge();
  return { expiredIn: PHONE_CODE_TTL_S, expiresAt: expiresAt.toISOString() };
}
