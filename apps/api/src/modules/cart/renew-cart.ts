import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { and, eq } from '../../db/orm.ts';
import { cartHolds, carts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { cartError } from './cart-error.ts';
import { spendRenewal } from './renewal-budget.ts';

export type TRenewOptions = { db: TDb; holdSeconds: number; maxRenewals: number; locale: TLocale };

/**
 * PUT api/refresh-expiration/{cartId}: a fresh timer for a live cart the session owns. A cart
 * already expired cannot be renewed (its units may be someone else's by now), and a renewal is
 * spent from the cart's one budget (renewal-budget.ts), so nobody holds stock forever.
 */
export async function renewCart(
  options: TRenewOptions,
  cartId: string,
  sessionId: string,
): Promise<{ exp: string }> {
  const { db, locale } = options;
  return withTransaction(db, async (tx) => {
    const cart = await lockSessionCart(tx, cartId, sessionId, locale);
    if (cart.expiresAt.getTime() <= Date.now()) throw cartError('cart_expired', locale);
    if (!(await spendRenewal(tx, cart.id, options.maxRenewals))) throw cartError('renewal_limit', locale);
    const expiresAt = new Date(Date.now() + options.holdSeconds * 1000);
    await tx.update(carts).set({ expiresAt }).where(eq(carts.id, cart.id));
    await tx.update(cartHolds).set({ expiresAt }).where(eq(cartHolds.cartId, cart.id));
    return { exp: expiresAt.toISOString() };
  });
}

/** The cart of this id and cart session, locked for the transaction's change; 'cart_not_found' when none. */
export async function lockSessionCart(tx: TDb, cartId: string, sessionId: string, locale: TLocale) {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.sessionId, sessionId)))
    .for('update');
  if (!cart) throw cartError('cart_not_found', locale);
  return cart;
}
