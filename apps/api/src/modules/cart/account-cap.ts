import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { cartError } from './cart-error.ts';

/** Who is holding: a logged-in account is capped across all its carts (issue 19). */
export type TAccountCap = { userId: string; maxUnits: number; unsafe?: boolean };

/**
 * Locks the account for this hold, first in the lock order (account, cart, lot, place), so two
 * adds of one account, from any sessions or processes, queue here and each counts what the one
 * before left. `unsafe` skips the lock: the negative control of the concurrency test only.
 */
export async function lockAccount(tx: TDb, cap: TAccountCap): Promise<void> {
  if (cap.unsafe) return;
  await tx.execute(sql`select id from users where id = ${cap.userId} for no key update`);
}

/**
 * Refuses a hold that would take the account past its cap of units held at once: live holds of
 * every cart it owns (carts it filled, and carts its orders are paying for) plus this cart's,
 * plus `quantity`. Marks this cart the account's in the same statement (issue 37: one round trip
 * fewer per hold); a refusal throws, and its transaction takes the mark back. Runs after
 * lockAccount, in its transaction.
 */
export async function checkAccountCap(
  tx: TDb,
  cap: TAccountCap,
  hold: { cartId: string; quantity: number },
  locale: TLocale,
): Promise<void> {
  // The count reads the statement's snapshot, before the mark: this cart counts by its id either way.
  const result = await rows<{ units: number }>(
    tx,
    sql`with mark as (
          update carts set user_id = ${cap.userId} where id = ${hold.cartId} and user_id is distinct from ${cap.userId}
        )
        select coalesce(sum(h.quantity), 0)::int as units
        from cart_holds h join carts c on c.id = h.cart_id
        where (c.user_id = ${cap.userId} or c.id = ${hold.cartId})
          and not h.released and h.expires_at > now()`,
  );
  const held = result[0]?.units ?? 0;
  if (held + hold.quantity > cap.maxUnits) {
    throw cartError('account_hold_limit', locale, { n: cap.maxUnits, held });
  }
}
