import type { TRemoveFromCartRequest } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { and, asc, eq, isNull, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { cartHolds, carts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { cartError } from './cart-error.ts';
import { syncPromoUses } from './promo-uses.ts';
import { releaseHolds } from './stock.ts';
import { shrinkHold } from './stock-give-back.ts';

/**
 * Gives back units of a lot (or a seat or table) the session holds. Without a quantity, or with
 * one at least as large as what is held, the whole line goes; an open table gives back the seats
 * asked (issue 31), a seat or a whole table always leaves whole. A cart that no longer holds it
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

    // A seat or a whole table leaves whole; tickets and an open table's seats leave by the units asked.
    const partly =
      holds[0]!.controlledPlaceId === null || (await isOpenTable(tx, holds[0]!.controlledPlaceId));
    let toRemove = input.quantity ?? Number.POSITIVE_INFINITY;
    const whole: number[] = [];
    for (const hold of holds) {
      if (toRemove <= 0) break;
      if (hold.quantity <= toRemove || !partly) {
        whole.push(hold.id);
        toRemove -= hold.quantity;
        continue;
      }
      // Part of a line: shrink it and give the units back (stock.ts, the stock module writes counters).
      await shrinkHold(tx, hold.id, toRemove);
      toRemove = 0;
    }
    await releaseHolds(tx, whole);
    if (cart.promoCode) await syncPromoUses(tx, cart.id);
  });
}

/** A table whose section does not sell it whole: its seats come and go one by one. */
async function isOpenTable(tx: TDb, placeId: number): Promise<boolean> {
  const result = await rows<{ open: boolean }>(
    tx,
    sql`select p.kind = 'table' and not s.book_as_a_whole as open
        from controlled_places p join event_sections s on s.id = p.section_id where p.id = ${placeId}`,
  );
  return result[0]?.open ?? false;
}
