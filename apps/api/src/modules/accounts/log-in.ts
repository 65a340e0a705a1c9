import { findUserByIdentifier } from './find-user.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/**
 * The account of a normalised identifier (e-mail, CPF digits or foreign document) and password,
 * or null. An unknown identifier costs the same time as a wrong password.
 */
export async function logIn(
  s: TAccountServices,
  identifier: string,
  password: string,
): Promise<TUserRow | null> {
  const user = await findUserByIdentifier(s.db, identifier);
  if (!user) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}
