import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { users } from '../../db/schema/index.ts';
import type { TUserRow } from './sessions.ts';

/** By e-mail (it has an @) or by document (CPF digits or the foreign document, upper-cased). */
export async function findUserByIdentifier(db: TDb, identifier: string): Promise<TUserRow | null> {
  const column = identifier.includes('@') ? users.email : users.document;
  const [user] = await db.select().from(users).where(eq(column, identifier)).limit(1);
  return user ?? null;
}

/** What login attempts count against: the account (its e-mail and CPF alike), or the identifier when none. */
export async function accountKeyOf(db: TDb, identifier: string): Promise<string> {
  const user = await findUserByIdentifier(db, identifier);
  return user ? `user:${user.id}` : `id:${identifier}`;
}

/** Whether an account uses this e-mail (GET /api/utils/validateEmail). */
export async function isEmailRegistered(db: TDb, email: string): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(found);
}

/** The e-mail of the account a document (CPF) belongs to, or null (a transfer's destination). */
export async function emailByDocument(db: TDb, document: string): Promise<string | null> {
  const [found] = await db.select({ email: users.email }).from(users).where(eq(users.document, document));
  return found?.email ?? null;
}

/** The constraint a unique violation (SQLSTATE 23505) hit, through drizzle's wrapper, or null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
