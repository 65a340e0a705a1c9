import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { cartHolds, carts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { syncPromoUses } from './promo-uses.ts';
import { releaseHolds } from './stock.ts';

/** POST /api/v3/leaveCart and 'Limpar carrinho': every hold of the session goes back on sale. */
export async function leaveCart(db: TDb, sessionId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.sessionId, sessionId)).for('update');
    if (!cart) return;
    const holds = await tx.select({ id: cartHolds.id }).from(cartHolds).where(eq(cartHolds.cartId, cart.id));
    await releaseHolds(
      tx,
      holds.map((hold) => hold.id),
    );
    await tx
      .update(carts)
      .set({ eventId: null, promoCode: null, protectionProvider: null, renewals: 0, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    await syncPromoUses(tx, cart.id);
  });
}
