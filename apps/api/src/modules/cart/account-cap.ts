import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { FRESH_PLAN } from '../../db/fresh-plan.ts';
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
  // Each cart's holds are probed by cart (a subquery per cart is never turned into a join): a join
  // planned from stale counts read every live hold of the event, 20–50 ms a hold once an on-sale's
  // crowd held (issue 37's bench, auto_explain). Planned at each run (FRESH_PLAN): a plan kept from
  // when the carts were few scanned them all.
  const result = await rows<{ units: number }>(
    tx,
    sql`${sql.raw(FRESH_PLAN)}
        with mark as (
          update carts set user_id = ${cap.userId} where id = ${hold.cartId} and user_id is distinct from ${cap.userId}
        )
        select coalesce(sum((
          select sum(h.quantity) from cart_holds h
          where h.cart_id = c.id and not h.released and h.expires_at > now()
        )), 0)::int as units
        from carts c
        where c.user_id = ${cap.userId} or c.id = ${hold.cartId}`,
  );
  const held = result[0]?.units ?? 0;
  if (held + hold.quantity > cap.maxUnits) {
    throw cartError('account_hold_limit', locale, { n: cap.maxUnits, held });
  }
}
