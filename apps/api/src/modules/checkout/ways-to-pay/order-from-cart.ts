import type { TCart, THolder } from '@ingressos/contracts';
import { NATIONALITY } from '@ingressos/domain/account';
import type { TFraudAnalysis } from '../../../adapters/payments/gateway.ts';
import type { TOrderLine } from '../../../db/schema/index.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import type { TIdentified } from '../holders/identification.ts';

/**
 * The order a cart becomes, in cents. The cart answers in decimal reais (the spec's Cart); this
 * file is the one place a way to pay turns them back into cents, and everything after it (the
 * order, its lines, the fraud data a gateway scores) reads the cents.
 */

/** An amount of the spec's Cart (decimal, rounded to cents) in cents. */
export const centsOf = (amount: number) => Math.round(amount * 100);

/** What the cart charges in all, in cents (zero: a free cart). */
export const cartTotalCents = (cart: TCart) => centsOf(cart.totals.total);

/** The buyer's CPF for a gateway: a Brazilian's document; none for a foreigner. */
export const payerCpfOf = (user: TUserRow) =>
  user.nationality === NATIONALITY.brazilian ? user.document : undefined;

/** The order's lines: one per cart item, its prices in cents, with the holders identified for it. */
export function linesOf(cart: TCart, holdersPerItem: THolder[][]): TOrderLine[] {
  return cart.items.map((item, index) => ({
    ticketId: item.ticketId,
    lotId: item.lotId,
    controlledPlaceId: item.coordinates?.controlledPlaceId ?? null,
    quantity: item.quantity,
    unitCents: centsOf(item.promoTicket ? item.valuePromo : item.value),
    listCents: centsOf(item.value),
    feeCents: centsOf(item.taxTotal + (item.LotProcessingFeeAdd ? item.LotProcessingFeeValue : 0)),
    eventName: item.eventName,
    sectionName: item.sectionName,
    ticketName: item.ticketName,
    placeAlias: item.coordinates?.alias ?? null,
    holders: holdersPerItem[index] ?? [],
  }));
}

/** The promotion code's uses the cart applied, per code. */
export function promoOf(cart: TCart) {
  const uses = new Map<number, number>();
  for (const item of cart.items)
    if (item.promotionCodeId && item.quantityCuponsApplied > 0)
      uses.set(item.promotionCodeId, (uses.get(item.promotionCodeId) ?? 0) + item.quantityCuponsApplied);
  return [...uses].map(([id, n]) => ({ id, n }));
}

/**
 * What the reserve step takes from the cart and the buyer (order/reserve-order.ts `TReservation`):
 * every way to pay that reserves an order passes these, and adds its method, amounts and gateway.
 */
export function orderFromCart(cart: TCart, user: TUserRow, identified: TIdentified) {
  return {
    cartId: cart.id,
    eventId: cart.eventId ?? cart.items[0]!.eventId,
    lines: linesOf(cart, identified.holdersPerItem),
    promo: promoOf(cart),
    commissionerId: cart.commissionerId,
    refundServiceCents: cart.protection?.provider === 'bilheto' ? centsOf(cart.protection.value) : 0,
    buyerDocument: user.document,
    transfers: identified.transfers,
  };
}

/**
 * commerce §3 `fraudAnalysis`: the buyer and what they buy, for gateways that score fraud (one
 * requires it for cards, §5). From the account and the order's lines (the server's cart, in
 * cents), never from the client.
 */
export function fraudAnalysisOf(user: TUserRow, lines: readonly TOrderLine[]): TFraudAnalysis {
  return {
    customer: {
      name: user.name,
      email: user.email,
      cpf: payerCpfOf(user),
      phone: `+${user.ddiPhone.replace(/\D/g, '')}${user.phone.replace(/\D/g, '')}`,
    },
    cart: {
      items: lines.map((line) => ({
        sku: `lot-${line.lotId}`,
        name: `${line.sectionName} — ${line.ticketName}`,
        quantity: line.quantity,
        unitCents: line.unitCents,
      })),
    },
  };
}
