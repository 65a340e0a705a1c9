import type { TLocale } from '@ingressos/domain';
import { verifyPassword } from '../accounts/passwords.ts';
import type { TAccountServices } from '../accounts/services.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { privacyError } from './messages.ts';

/**
 * Asks for the password again before an act a stolen session must not do alone. Tries count in
 * the same buckets as logins to this account (per account and IP, and per account), so these
 * calls give a guesser no extra attempts; a right password clears this IP's count, as login does.
 */
export async function verifyCurrentPassword(options: {
  s: TAccountServices;
  user: TUserRow;
  password: string;
  ip: string;
  locale: TLocale;
}): Promise<void> {
  const { s, user, password, ip, locale } = options;
  const account = `user:${user.id}`;
  const pair = `${account}|${ip}`;
  await s.limits.consume('loginAccountIp', pair, locale);
  await s.limits.consume('loginAccount', account, locale);
  if (!(await verifyPassword(user.passwordHash, password))) throw privacyError('password_wrong', locale);
  await s.limits.reset('loginAccountIp', pair);
}
