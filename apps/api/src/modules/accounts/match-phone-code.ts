import type { TLocale } from '@ingressos/domain';
import { and, eq, gt, sql } from '../../db/orm.ts';
import { phoneCodes, users } from '../../db/schema/index.ts';
import { sameHash } from '../../db/tokens.ts';
import { apiMessage } from './messages.ts';
import { phoneCodeHash } from './send-sms-code.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

const MAX_ATTEMPTS = 5;

export class PhoneCodeError extends Error {
  override name = 'PhoneCodeError';
  readonly type: 'not_found' | 'invalid_code';
  constructor(type: 'not_found' | 'invalid_code', message: string) {
    super(message);
    this.type = type;
  }
}

/**
 * Checks a phone code. No code, an expired one, one for a phone number since changed, or one
 * that took five wrong tries: `not_found` (send a new one). A wrong code: `invalid_code`.
 */
export async function matchPhoneCode(s: TAccountServices, user: TUserRow, code: string, locale: TLocale) {
  const [pending] = await s.db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, user.id), gt(phoneCodes.expiresAt, new Date())));
  if (!pending || pending.phone !== `${user.ddiPhone}${user.phone}` || pending.attempts >= MAX_ATTEMPTS) {
    throw new PhoneCodeError('not_found', apiMessage('codeNotFound', locale));
  }
  if (!sameHash(pending.codeHash, phoneCodeHash(user.id, code))) {
    await s.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(eq(phoneCodes.userId, user.id));
    throw new PhoneCodeError('invalid_code', apiMessage('codeInvalid', locale));
  }
  return s.db.transaction(async (tx) => {
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, user.id));
    const [updated] = await tx
      .update(users)
      .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}
