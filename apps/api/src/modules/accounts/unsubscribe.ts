import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { users } from '../../db/schema/index.ts';

/** POST /api/newunsubscribe: the account stops receiving marketing e-mails. */
export async function unsubscribe(db: TDb, userId: string): Promise<void> {
  await db.update(users).set({ marketingEmails: false, updatedAt: new Date() }).where(eq(users.id, userId));
}
