import type { TActivationOutcome } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { and, asc, eq } from '../../db/orm.ts';
import { cartHolds, carts, controlledPlaces, eventSections, eventTickets } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { checkAccountCap, lockAccount, type TAccountCap } from './account-cap.ts';
import type { TCartOptions } from './add-to-cart.ts';
import { cartError } from './cart-error.ts';
import { syncPromoUses } from './promo-uses.ts';
import { lockSessionCart } from './renew-cart.ts';
import { spendRenewal } from './renewal-budget.ts';
import { reclaimExpiredHolds, type TLotTerms, takeLotUnits } from './stock.ts';
import { giveBackLotUnits } from './stock-give-back.ts';
import { takePlaceUnits } from './stock-places.ts';

/** Which modal the page shows after activation (commerce §2 cart-session modal). */

export type TActivation = {
  decreasedQuantity: number;
  outcome: TActivationOutcome;
  soldOutLots: number[];
  partiallySoldLots: number[];
};

export type TActivateOptions = TCartOptions & {
  maxRenewals: number;
  /** Units an account may hold at once (account-cap.ts): an expired cart taken again counts too. */
  maxUnitsPerAccount?: number | undefined;
  unsafeHoldCaps?: boolean | undefined;
};

/**
 * POST /api/v4/activatecart: brings a cart back to life with a fresh timer. While it is live,
 * that is a renewal, spent from the cart's one budget (renewal-budget.ts). Once expired, each
 * line is taken again from what is free now: a line may come back whole, in part (plain tickets
 * only), or not at all, and the answer says how many units were lost and in which lots; a cart
 * of an account is refused when its units would take the account past its cap.
 */
export async function activateCart(
  options: TActivateOptions,
  cartId: string,
  sessionId: string,
): Promise<TActivation> {
  const { db, locale } = options;
  return withTransaction(db, async (tx) => {
    // Lock order: the account (when the cart is one's), then the cart.
    const [owner] = await tx
      .select({ userId: carts.userId })
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.sessionId, sessionId)));
    const account: TAccountCap | null =
      owner?.userId && options.maxUnitsPerAccount
        ? { userId: owner.userId, maxUnits: options.maxUnitsPerAccount, unsafe: options.unsafeHoldCaps }
        : null;
    if (account) await lockAccount(tx, account);
    const cart = await lockSessionCart(tx, cartId, sessionId, locale);
    const expiresAt = new Date(Date.now() + options.holdSeconds * 1000);
    const expired = cart.expiresAt.getTime() <= Date.now();
    // An expired cart's units went back on sale: taking them again is what any buyer may do, not a renewal.
    if (!expired && !(await spendRenewal(tx, cart.id, options.maxRenewals)))
      throw cartError('renewal_limit', locale);
    await tx.update(carts).set({ expiresAt, updatedAt: new Date() }).where(eq(carts.id, cart.id));
    const holds = await tx
      .select({ hold: cartHolds, bookAsAWhole: eventSections.bookAsAWhole, placeKind: controlledPlaces.kind })
      .from(cartHolds)
      .innerJoin(eventTickets, eq(eventTickets.id, cartHolds.ticketId))
      .innerJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
      .leftJoin(controlledPlaces, eq(controlledPlaces.id, cartHolds.controlledPlaceId))
      .where(eq(cartHolds.cartId, cart.id))
      .orderBy(asc(cartHolds.lotId), asc(cartHolds.id));
    if (!expired) {
      await tx.update(cartHolds).set({ expiresAt }).where(eq(cartHolds.cartId, cart.id));
      return { decreasedQuantity: 0, outcome: 'ok', soldOutLots: [], partiallySoldLots: [] };
    }

    // Give everything back first, then take again in lot order, as any other buyer would.
    await reclaimExpiredHolds(tx, { cartId: cart.id });
    if (account) {
      const wanted = holds.reduce((sum, { hold }) => sum + hold.quantity, 0);
      await checkAccountCap(tx, account, { cartId: cart.id, quantity: wanted }, locale);
    }
    const lost = new Map<number, { wanted: number; got: number }>();
    for (const { hold, bookAsAWhole, placeKind } of holds) {
      const tally = lost.get(hold.lotId) ?? { wanted: 0, got: 0 };
      tally.wanted += hold.quantity;
      lost.set(hold.lotId, tally);
      const { got, terms } = await retake(tx, options, hold, placeKind === 'table' && bookAsAWhole);
      tally.got += got;
      if (got > 0 && terms) {
        // Issue 34: units taken again are a new hold, at the lot's price of this moment.
        await tx
          .update(cartHolds)
          .set({ released: false, quantity: got, expiresAt, ...terms })
          .where(eq(cartHolds.id, hold.id));
      } else {
        await tx.delete(cartHolds).where(eq(cartHolds.id, hold.id));
      }
    }
    const soldOutLots = [...lost].filter(([, t]) => t.got === 0).map(([lotId]) => lotId);
    const partiallySoldLots = [...lost]
      .filter(([, t]) => t.got > 0 && t.got < t.wanted)
      .map(([lotId]) => lotId);
    const decreasedQuantity = [...lost.values()].reduce((sum, t) => sum + t.wanted - t.got, 0);
    const outcome: TActivationOutcome =
      soldOutLots.length > 1
        ? 'multipleLotsSoldOut'
        : soldOutLots.length === 1
          ? 'lotSoldOut'
          : partiallySoldLots.length > 0
            ? 'lotPartiallySold'
            : 'ok';
    if (soldOutLots.length === lost.size && lost.size > 0) {
      await tx.update(carts).set({ eventId: null }).where(eq(carts.id, cart.id));
    }
    // A renewed cart's coupon uses count again only as far as others have not taken them meanwhile.
    if (cart.promoCode) await syncPromoUses(tx, cart.id);
    return { decreasedQuantity, outcome, soldOutLots, partiallySoldLots };
  });
}

type TRetaken = { got: number; terms: TLotTerms | false };

/**
 * Takes a released line again: a seat or table whole or not at all, plain tickets as many as are
 * free. Answers how many, with the lot's price terms the take read (what the line keeps now).
 */
async function retake(
  tx: TDb,
  options: TCartOptions,
  hold: typeof cartHolds.$inferSelect,
  wholeTable: boolean,
): Promise<TRetaken> {
  if (hold.controlledPlaceId === null) {
    for (let want = hold.quantity; want > 0; want -= 1) {
      const terms = await takeLotUnits(tx, hold.lotId, want, options.stockMode);
      if (terms) return { got: want, terms };
    }
    return { got: 0, terms: false };
  }
  const terms = await takeLotUnits(tx, hold.lotId, hold.quantity, options.stockMode);
  if (!terms) return { got: 0, terms };
  if (await takePlaceUnits(tx, hold.controlledPlaceId, hold.quantity, wholeTable, options.stockMode)) {
    return { got: hold.quantity, terms };
  }
  await giveBackLotUnits(tx, hold.lotId, hold.quantity);
  return { got: 0, terms: false };
}
