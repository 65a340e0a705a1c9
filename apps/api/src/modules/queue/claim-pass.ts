import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TAdmittedEntry } from './get-queue-status.ts';

/**
 * Issue 31: one pass per account. An admitted place gives its pass only to a logged-in account,
 * and binds itself to that account on the way: a place nobody claimed yet becomes the account's
 * unless the account already has a place in this queue (the unique index on event and account
 * settles two claims at once). So a script's hundred anonymous places are worth as many passes
 * as it has accounts, each capped in what it may hold (account-cap.ts). True when the place is
 * (now) this account's.
 */
export async function claimPass(db: TDb, entry: TAdmittedEntry, userId: string): Promise<boolean> {
  if (entry.userId !== null) return entry.userId === userId;
  try {
    const claimed = await rows<unknown>(
      db,
      sql`
      update queue_entries set user_id = ${userId}
      where id = ${entry.id} and user_id is null
        and not exists (select 1 from queue_entries where event_id = ${entry.eventId} and user_id = ${userId})
      returning id`,
    );
    if (claimed.length === 1) return true;
  } catch (error) {
    // Another request of this account claimed another place first (unique violation): not this one.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  const now = await rows<{ user_id: string | null }>(
    db,
    sql`select user_id from queue_entries where id = ${entry.id}`,
  );
  return now[0]?.user_id === userId;
}
