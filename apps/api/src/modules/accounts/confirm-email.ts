import { and, eq, sql } from '../../db/orm.ts';
import { users } from '../../db/schema/index.ts';
import { readEmailToken } from './email-links.ts';
import type { TAccountServices } from './services.ts';

/** Marks the address verified when the link is genuine, unexpired and for the current address. */
export async function confirmEmail(s: TAccountServices, token: string): Promise<boolean> {
  const claims = token.length <= 2048 ? await readEmailToken(await s.secret(), token) : null;
  if (!claims) return false;
  const updated = await s.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, claims.userId), eq(users.email, claims.email)))
    .returning({ id: users.id });
  return updated.length === 1;
}
