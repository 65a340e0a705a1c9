import type { TLocale } from '@ingressos/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { cartHolds, carts } from '../../db/schema/index.ts';
import { cartError } from './cart-error.ts';

export type TRenewOptions = { db: TDb; holdSeconds: number; maxRenewals: number; locale: TLocale };

/**
 * PUT api/refresh-expiration/{cartId}: a fresh timer for a live cart the session owns. A cart
 * already expired cannot be renewed (its units may be someone else's by now), and a cart may
 * be renewed only CART_MAX_RENEWALS times, so nobody holds stock forever.
 */
export async function renewCart(
  options: TRenewOptions,
  cartId: string,
  sessionId: string,
): Promise<{ exp: string }> {
  const { db, locale } = options;
  const expiresAt = new Date(Date.now() + options.holdSeconds * 1000);
  const [renewed] = await db
    .update(carts)
    .set({ expiresAt, renewals: sql`${carts.renewals} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(carts.id, cartId),
        eq(carts.sessionId, sessionId),
        sql`${carts.expiresAt} > now()`,
        sql`${carts.renewals} < ${options.maxRenewals}`,
      ),
    )
    .returning({ id: carts.id });
  if (!renewed) {
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.sessionId, sessionId)));
    if (!cart) throw cartError('cart_not_found', locale);
    if (cart.expiresAt.getTime() <= Date.now()) throw cartError('cart_expired', locale);
    throw cartError('renewal_limit', locale);
  }
  await db.update(cartHolds).set({ expiresAt }).where(eq(cartHolds.cartId, cartId));
  return { exp: expiresAt.toISOString() };
}
