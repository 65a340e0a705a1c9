import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * The one writer of `carts.renewals` (issue 19): every path that gives a cart's holds more time
 * spends from the same budget of CART_MAX_RENEWALS, so no mix of them holds stock for ever:
 * refresh-expiration, activating a live cart, creating a Pix (its holds last as long as the Pix)
 * and cancelling one (the cart comes back held). A guarded conditional UPDATE decides, so two
 * concurrent renewals can never both spend the last one. Answers whether one was spent; the
 * caller refuses with 'renewal_limit' (cart-error.ts) when not, and the holds expire on time.
 */
export async function spendRenewal(tx: TDb, cartId: string, maxRenewals: number): Promise<boolean> {
  const spent = await rows<unknown>(
    tx,
    sql`update carts set renewals = renewals + 1, updated_at = now()
        where id = ${cartId} and renewals < ${maxRenewals}
        returning id`,
  );
  return spent.length === 1;
}

/** Whether the cart still has a renewal to spend (a pre-check before a step that cannot be undone). */
export async function hasRenewalLeft(tx: TDb, cartId: string, maxRenewals: number): Promise<boolean> {
  const left = await rows<unknown>(
    tx,
    sql`select 1 from carts where id = ${cartId} and renewals < ${maxRenewals}`,
  );
  return left.length === 1;
}
