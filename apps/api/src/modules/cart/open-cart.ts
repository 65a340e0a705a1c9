import type { TDb } from '../../db/client.ts';
import { newCartId } from '../../db/ids.ts';
import { and, eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { cartHolds, carts } from '../../db/schema/index.ts';
import type { TAccountCap } from './account-cap.ts';
import { syncPromoUses } from './promo-uses.ts';
import { releaseHolds } from './stock.ts';

/** What a hold needs of the cart it goes in. */
export type TOpenCart = Pick<typeof carts.$inferSelect, 'id' | 'eventId' | 'expiresAt' | 'promoCode'>;

/**
 * A new cart for this first line. For an account (not the unsafe negative control), the account
 * is locked by the same statement first (lockAccount's lock, lock order account then cart): the
 * cap's count runs after it, in a statement of its own, so it sees what a hold that held the lock
 * before committed.
 */
export async function createCart(
  tx: TDb,
  sessionId: string,
  eventId: number,
  holdSeconds: number,
  account: TAccountCap | undefined,
): Promise<TOpenCart> {
  const id = newCartId();
  const expiresAt = new Date(Date.now() + holdSeconds * 1000);
  const made = { id, eventId, expiresAt, promoCode: null };
  if (account && !account.unsafe) {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`with account as (select id from users where id = ${account.userId} for no key update)
          insert into carts (id, session_id, event_id, expires_at)
          select ${id}, ${sessionId}, ${eventId}, ${expiresAt.toISOString()}::timestamptz from account
          returning id`,
    );
    if (inserted.length > 0) return made;
  }
  // No account, the negative control, or an account with no row to lock (as lockAccount, which
  // then locks nothing).
  await tx.insert(carts).values({ id, sessionId, eventId, expiresAt });
  return made;
}

export async function unitsInCart(tx: TDb, cartId: string): Promise<number> {
  const [held] = await tx
    .select({ units: sql<number>`coalesce(sum(${cartHolds.quantity}), 0)::int` })
    .from(cartHolds)
    .where(and(eq(cartHolds.cartId, cartId), eq(cartHolds.released, false)));
  return held?.units ?? 0;
}

/** The cart's live hold of a seat or table, if it has one. */
export async function placeHold(tx: TDb, cartId: string, placeId: number) {
  const [found] = await tx
    .select({ id: cartHolds.id, quantity: cartHolds.quantity })
    .from(cartHolds)
    .where(
      and(
        eq(cartHolds.cartId, cartId),
        eq(cartHolds.controlledPlaceId, placeId),
        eq(cartHolds.released, false),
      ),
    );
  return found ?? null;
}

/**
 * The session's cart, locked for this transaction. A new one when none exists; an expired or
 * empty one gives its holds back and starts over with a fresh timer.
 */
export async function openCart(tx: TDb, sessionId: string, holdSeconds: number) {
  const fresh = () => new Date(Date.now() + holdSeconds * 1000);
  await tx
    .insert(carts)
    .values({ id: newCartId(), sessionId, expiresAt: fresh() })
    .onConflictDoNothing({ target: carts.sessionId });
  const [cart] = await tx.select().from(carts).where(eq(carts.sessionId, sessionId)).for('update');
  if (!cart) throw new Error('cart vanished inside its transaction');
  const holds = await tx.select({ id: cartHolds.id }).from(cartHolds).where(eq(cartHolds.cartId, cart.id));
  if (holds.length === 0 || cart.expiresAt.getTime() <= Date.now()) {
    await releaseHolds(
      tx,
      holds.map((hold) => hold.id),
    );
    const expiresAt = fresh();
    await tx
      .update(carts)
      .set({
        eventId: null,
        expiresAt,
        promoCode: null,
        protectionProvider: null,
        renewals: 0,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, cart.id));
    await syncPromoUses(tx, cart.id);
    return { ...cart, eventId: null, expiresAt, promoCode: null };
  }
  return cart;
}
