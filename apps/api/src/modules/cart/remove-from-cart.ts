import type { TRemoveFromCartRequest } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { cartHolds, carts, ticketLots } from '../../db/schema/index.ts';
import { cartError } from './cart-error.ts';
import { syncPromoUses } from './promo-uses.ts';
import { releaseHolds } from './stock.ts';
import { withTransaction } from './with-transaction.ts';

/**
 * Gives back units of a lot (or a seat or table) the session holds. Without a quantity, or with
 * one at least as large as what is held, the whole line goes. A cart that no longer holds it
 * answers 404 'Carrinho nao encontrado' (the page then says 'Carrinho expirado').
 */
export async function removeFromCart(db: TDb, input: TRemoveFromCartRequest, locale: TLocale): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.sessionId, input.sessionId)).for('update');
    if (!cart || cart.expiresAt.getTime() <= Date.now()) throw cartError('cart_expired', locale);
    const holds = await tx
      .select()
      .from(cartHolds)
      .where(
        and(
          eq(cartHolds.cartId, cart.id),
          eq(cartHolds.released, false),
          eq(cartHolds.lotId, input.lotId),
          input.controlledPlaceId
            ? eq(cartHolds.controlledPlaceId, input.controlledPlaceId)
            : isNull(cartHolds.controlledPlaceId),
        ),
      )
      .orderBy(asc(cartHolds.id))
      .for('update');
    if (holds.length === 0) throw cartError('cart_not_found', locale);

    let toRemove = input.quantity ?? Number.POSITIVE_INFINITY;
    const whole: number[] = [];
    for (const hold of holds) {
      if (toRemove <= 0) break;
      if (hold.quantity <= toRemove || hold.controlledPlaceId !== null) {
        whole.push(hold.id);
        toRemove -= hold.quantity;
        continue;
      }
      // Part of a line of plain tickets: shrink the line and give the units back.
      await tx
        .update(cartHolds)
        .set({ quantity: hold.quantity - toRemove })
        .where(eq(cartHolds.id, hold.id));
      await tx
        .update(ticketLots)
        .set({ held: sql`${ticketLots.held} - ${toRemove}` })
        .where(eq(ticketLots.id, hold.lotId));
      toRemove = 0;
    }
    await releaseHolds(tx, whole);
    if (cart.promoCode) await syncPromoUses(tx, cart.id);
  });
}
