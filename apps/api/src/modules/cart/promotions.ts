import type { TValidatePromotionRequest } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { and, eq, sql } from '../../db/orm.ts';
import { carts, promoCodes } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { cartError } from './cart-error.ts';
import type { TPromo } from './cart-lines.ts';
import { syncPromoUses } from './promo-uses.ts';

/** The code as stored: upper case, no surrounding spaces ("samba10 " is SAMBA10). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** A live promotion code of the event (active, not expired, with units left), or null. */
export async function findPromo(db: TDb, eventId: number, code: string): Promise<TPromo | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.code, normaliseCode(code)),
        eq(promoCodes.active, true),
        sql`(${promoCodes.expiresAt} is null or ${promoCodes.expiresAt} > now())`,
      ),
    );
  if (!row || row.used >= row.quantity) return null;
  const base = { id: row.id, code: row.code, remaining: row.quantity - row.used, lotIds: row.lotIds };
  return row.kind === 'percent'
    ? { ...base, kind: 'percent', basisPoints: row.percentBp }
    : { ...base, kind: 'fixed', cents: row.amountCents };
}

export type TPromotionResult = {
  promotionCodeId: number;
  promoCode: string;
  /** Units of the request the code discounts (no more than it has left). */
  quantityCuponsApplied: number;
};

/**
 * POST /api/validatepromotion: checks a code against the lots a buyer wants and, when the
 * session has a cart of that event, attaches it so the cart's lines and totals show the discount.
 */
export async function validatePromotion(
  db: TDb,
  input: TValidatePromotionRequest,
  sessionId: string | undefined,
  locale: TLocale,
): Promise<TPromotionResult> {
  const promo = await findPromo(db, input.eventId, input.promoCode);
  if (!promo) throw cartError('promo_invalid', locale);
  const eligible = input.lotRequesteds
    .filter((lot) => promo.lotIds.length === 0 || promo.lotIds.includes(Number(lot.lotId)))
    .reduce((sum, lot) => sum + Number(lot.quantity), 0);
  if (eligible === 0) throw cartError('promo_invalid', locale);
  if (!sessionId) {
    return {
      promotionCodeId: promo.id,
      promoCode: promo.code,
      quantityCuponsApplied: Math.min(eligible, promo.remaining),
    };
  }
  // The session's cart of that event takes the code and reserves its uses (promo-uses.ts).
  const reserved = await withTransaction(db, async (tx) => {
    const [cart] = await tx
      .update(carts)
      .set({ promoCode: promo.code, updatedAt: new Date() })
      .where(
        and(
          eq(carts.sessionId, sessionId),
          eq(carts.eventId, input.eventId),
          sql`${carts.expiresAt} > now()`,
        ),
      )
      .returning({ id: carts.id });
    return cart ? { units: await syncPromoUses(tx, cart.id) } : null;
  });
  if (reserved?.units === 0) throw cartError('promo_used_up', locale);
  return {
    promotionCodeId: promo.id,
    promoCode: promo.code,
    quantityCuponsApplied: reserved ? reserved.units : Math.min(eligible, promo.remaining),
  };
}

/** POST /api/cart/protection: records the buyer's refund-protection choice on a live cart. */
export async function chooseProtection(
  db: TDb,
  sessionId: string,
  provider: 'bilheto' | 'none',
  locale: TLocale,
): Promise<void> {
  const [updated] = await db
    .update(carts)
    .set({ protectionProvider: provider, updatedAt: new Date() })
    .where(and(eq(carts.sessionId, sessionId), sql`${carts.expiresAt} > now()`))
    .returning({ id: carts.id });
  if (!updated) throw cartError('cart_expired', locale);
}
