/**
 * Pure cart rules (spec commerce §4, §5, §9): totals, coupons that split lines, the per-cart
 * limit, incomplete tables and which session modal a remaining time calls for. Money is in
 * integer cents everywhere here; the API turns cents into the decimal amounts it answers with.
 */

export type TCartLine = {
  /** Stable id of the line (cart item id). */
  id: string;
  lotId: string;
  quantity: number;
  /** Price of one unit, before fees. */
  unitCents: number;
  /** Convenience fee of one unit (the spec's taxTotal per unit). */
  convenienceCents: number;
  /** Processing fee of one unit (the spec's LotProcessingFeeValue). */
  processingCents: number;
  /** Discount of one unit when a coupon applies to this line. */
  discountCents?: number;
  promoCode?: string;
};

export type TCartTotals = {
  subtotalCents: number;
  convenienceCents: number;
  processingCents: number;
  protectionCents: number;
  discountCents: number;
  /** What the buyer pays: subtotal + fees + protection − discounts (spec §5 "Totals"). */
  totalCents: number;
  /** The mini summary's total, which leaves the processing fee out (spec §2). */
  summaryTotalCents: number;
};

/**
 * The refund protection ('reembolso') of one unit, in cents: the event's percentage of what the
 * unit costs the buyer, price plus convenience fee (what a refund would give back). The event
 * page and the cart both show this number, and the order charges it.
 */
export function protectionCents(unit: { priceCents: number; feeCents: number }, percentBp: number): number {
  return Math.round(((unit.priceCents + unit.feeCents) * percentBp) / 10_000);
}

export function cartTotals(lines: readonly TCartLine[], protectionCents = 0): TCartTotals {
  let subtotalCents = 0;
  let convenienceCents = 0;
  let processingCents = 0;
  let discountCents = 0;
  for (const line of lines) {
    subtotalCents += line.unitCents * line.quantity;
    convenienceCents += line.convenienceCents * line.quantity;
    processingCents += line.processingCents * line.quantity;
    // A discount never makes a unit cost less than nothing.
    discountCents += Math.min(line.discountCents ?? 0, line.unitCents) * line.quantity;
  }
  const totalCents = subtotalCents + convenienceCents + processingCents + protectionCents - discountCents;
  return {
    subtotalCents,
    convenienceCents,
    processingCents,
    protectionCents,
    discountCents,
    totalCents,
    summaryTotalCents: totalCents - processingCents,
  };
}

export type TCoupon = {
  code: string;
  /** Units the coupon may still discount (its remaining uses). */
  remaining: number;
  /** Lots the coupon applies to; empty means every lot of the event. */
  lotIds: readonly string[];
} & ({ kind: 'percent'; basisPoints: number } | { kind: 'fixed'; cents: number });

/**
 * Spec §5: a promotion discount applies to as many items as coupons remain, splitting a line.
 * A line of 3 units with 2 coupons left becomes a discounted line of 2 and a full-price line of 1.
 * Lines keep their order; a split line's second part gets the id `${id}:full`.
 */
export function applyCoupon(
  lines: readonly TCartLine[],
  coupon: TCoupon,
): { lines: TCartLine[]; applied: number } {
  let left = Math.max(0, Math.floor(coupon.remaining));
  const out: TCartLine[] = [];
  for (const line of lines) {
    const eligible = coupon.lotIds.length === 0 || coupon.lotIds.includes(line.lotId);
    if (!eligible || left === 0) {
      out.push(line);
      continue;
    }
    const discounted = Math.min(left, line.quantity);
    left -= discounted;
    const discountCents = unitDiscount(line.unitCents, coupon);
    out.push({ ...line, quantity: discounted, discountCents, promoCode: coupon.code });
    if (discounted < line.quantity) {
      const { discountCents: _d, promoCode: _p, ...full } = line;
      out.push({ ...full, id: `${line.id}:full`, quantity: line.quantity - discounted });
    }
  }
  return { lines: out, applied: Math.max(0, Math.floor(coupon.remaining)) - left };
}

function unitDiscount(unitCents: number, coupon: TCoupon): number {
  const raw =
    coupon.kind === 'percent' ? Math.round((unitCents * coupon.basisPoints) / 10_000) : coupon.cents;
  return Math.max(0, Math.min(unitCents, raw));
}

/**
 * Spec §5 "Cart add limit": the quantity in the cart after adding must not exceed the limit
 * (the event's per-cart maximum, or for whole tables the section's maximum).
 */
export function exceedsCartLimit(inCart: number, adding: number, limit: number): boolean {
  return inCart + adding > limit;
}

export type TTableHold = {
  controlledPlaceId: string;
  seats: number;
  min: number;
  bookAsAWhole: boolean;
  leftover: boolean;
};

/** Spec §5: a table with fewer seats than its minimum (and not leftover/open) blocks the cart. */
export function incompleteTables(tables: readonly TTableHold[]): string[] {
  return tables
    .filter((table) => !table.bookAsAWhole && !table.leftover && table.seats > 0 && table.seats < table.min)
    .map((table) => table.controlledPlaceId);
}

/** Spec §4 and §9: the warning shows between 62 and 180 s left; the final warning at 60 s or less. */
export const WARNING_FROM_SECONDS = 180;
export const WARNING_TO_SECONDS = 62;
export const FINAL_WARNING_SECONDS = 60;

export type TSessionModal =
  | 'none'
  | 'areYouStillThere'
  | 'finalizePurchase'
  | 'sessionEnding'
  | 'cartExpired';

/**
 * Which cart-session modal the remaining time calls for. On the payment page both warnings are
 * the sessionEnding modal (renew or cancel the purchase); elsewhere the first warning asks
 * whether the buyer is still there and the final one asks to finish the purchase.
 */
export function sessionModalFor(secondsLeft: number, onPaymentPage: boolean): TSessionModal {
  if (secondsLeft <= 0) return 'cartExpired';
  if (secondsLeft <= FINAL_WARNING_SECONDS) return onPaymentPage ? 'sessionEnding' : 'finalizePurchase';
  if (secondsLeft >= WARNING_TO_SECONDS && secondsLeft <= WARNING_FROM_SECONDS) {
    return onPaymentPage ? 'sessionEnding' : 'areYouStillThere';
  }
  return 'none';
}

/**
 * §5 "Identification": every unit of an item whose ticket limits tickets per CPF (ticketByCpf)
 * needs its holder's CPF; other items are held by the buyer. The pages and the payment API both
 * ask this, so both ask here.
 */
export function cpfsNeeded(item: { ticketByCpf: number | null; quantity: number }): number {
  return item.ticketByCpf === null ? 0 : item.quantity;
}
