import type { TCart, TCartItem } from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import {
  applyCoupon,
  cartTotals,
  centsToAmount,
  hourInTimeZone,
  incompleteTables,
  percentOfCents,
  placeStatus,
  protectionCents,
  type TCartLine,
  type TCoupon,
  TICKET_TYPE,
  ticketKind,
} from '@ingressos/domain';
import { sql } from '../../db/orm.ts';
import type { TLotTerms } from './stock.ts';

/** What a cart line shows of its lot, ticket, section, event, venue and seat or table. */
export type TLineRow = {
  /** The event's gateway (commerce §9 enumeration), null for the site's default. */
  event_gateway: number | null;
  /** Issue 15: the event asks for the buyer's NF-e document (the cart's isNfeMandatory). */
  event_nfe_mandatory: boolean;
  lot_id: number;
  lot_number: number;
  lot_disabled: boolean;
  price_cents: number;
  fee_bp: number;
  app_fee_bp: number;
  processing_fee_cents: number;
  processing_fee_added: boolean;
  lot_capacity: number;
  lot_sold: number;
  lot_held: number;
  ticket_id: number;
  ticket_name: string;
  ticket_alias: string;
  no_interest: boolean;
  owner_control: boolean;
  tickets_per_cpf: number | null;
  facial_at_moment_of_purchase: boolean;
  online_note: string;
  /** Issue 36: a half-price (meia-entrada) ticket type. */
  half_price: boolean;
  section_id: number;
  section_name: string;
  section_min: number;
  section_max: number;
  book_as_a_whole: boolean;
  event_id: number;
  event_name: string;
  slug: string;
  poster_id: string | null;
  published: boolean;
  currency: string;
  starts_at: Date | string;
  time_zone: string;
  doc_type: number;
  max_tickets_per_cart: number | null;
  facial_is_active: boolean;
  facial_validation_is_active: boolean;
  refund_site_active: boolean;
  refund_site_percent_bp: number;
  refund_commissioner_active: boolean;
  refund_commissioner_percent_bp: number;
  /** The event sells only to sessions that validated an access code (commerce §2). */
  exclusive: boolean;
  venue_name: string;
  venue_address: string;
  venue_number: string;
  city: string;
  state: string;
  place_id: number | null;
  place_section_id: number | null;
  place_kind: string | null;
  place_alias: string | null;
  row_label: string | null;
  table_number: number | null;
  min_seats: number | null;
  place_capacity: number | null;
  place_sold: number | null;
  place_held: number | null;
  place_disabled: boolean | null;
};

export type TCartRow = TLineRow & { hold_id: number; quantity: number; released: boolean };

/**
 * Issue 34: a held line's price terms are the hold's, kept as its units were taken (stock.ts), so
 * a producer's later price change never alters what the buyer pays; a hold made before the hold
 * kept them (null) reads the lot's. Over `h` (the hold) and `l` (its lot).
 */
export const HELD_PRICE_COLUMNS = sql`
  coalesce(h.price_cents, l.price_cents) as price_cents, coalesce(h.fee_bp, l.fee_bp) as fee_bp,
  coalesce(h.app_fee_bp, l.app_fee_bp) as app_fee_bp,
  coalesce(h.processing_fee_cents, l.processing_fee_cents) as processing_fee_cents,
  coalesce(h.processing_fee_added, l.processing_fee_added) as processing_fee_added`;

/** The lot's price terms now (what a hold taken now would keep): the add's pre-read of its target. */
export const LOT_PRICE_COLUMNS = sql`
  l.price_cents, l.fee_bp, l.app_fee_bp, l.processing_fee_cents, l.processing_fee_added`;

/** The price terms of a line as the hold keeps them (stock.ts TLotTerms), in TLineRow's names. */
export const termColumns = (terms: TLotTerms) => ({
  price_cents: terms.priceCents,
  fee_bp: terms.feeBp,
  app_fee_bp: terms.appFeeBp,
  processing_fee_cents: terms.processingFeeCents,
  processing_fee_added: terms.processingFeeAdded,
});

/**
 * The columns of TLineRow but its price terms (HELD_PRICE_COLUMNS or LOT_PRICE_COLUMNS), over `l`
 * (lot), `t`, `s`, `e`, `v` and `p` (place) joined as in LINE_JOINS.
 */
export const LINE_COLUMNS = sql`
  l.id as lot_id, l.number as lot_number, l.disabled as lot_disabled,
  l.capacity as lot_capacity, l.sold as lot_sold, l.held as lot_held,
  t.id as ticket_id, t.name as ticket_name, t.alias as ticket_alias, t.no_interest, t.owner_control,
  t.tickets_per_cpf, t.facial_at_moment_of_purchase, t.online_note, t.half_price,
  s.id as section_id, s.name as section_name, s.min_qtd as section_min, s.max_qtd as section_max, s.book_as_a_whole,
  e.id as event_id, e.name as event_name, e.slug, e.poster_id, e.published, e.currency, e.gateway as event_gateway, e.nfe_mandatory as event_nfe_mandatory, e.starts_at, e.time_zone, e.doc_type,
  e.max_tickets_per_cart, e.facial_is_active, e.facial_validation_is_active, e.refund_site_active,
  e.refund_site_percent_bp, e.refund_commissioner_active, e.refund_commissioner_percent_bp, jsonb_array_length(e.exclusive_emissors) > 0 as exclusive,
  v.name as venue_name, v.address as venue_address, v.address_number as venue_number, v.city, v.state,
  p.id as place_id, p.section_id as place_section_id, p.kind as place_kind, p.alias as place_alias, p.row_label,
  p.table_number, p.min_seats, p.capacity as place_capacity, p.sold as place_sold, p.held as place_held,
  p.disabled as place_disabled`;

/** From a lot (`l`) to its ticket, section, event and venue. */
export const LINE_JOINS = sql`
  join event_tickets t on t.id = l.ticket_id
  join event_sections s on s.id = t.section_id
  join events e on e.id = s.event_id
  join venues v on v.id = e.venue_id`;

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A promotion code as the cart applies it. */
export type TPromo = { id: number; code: string; remaining: number; lotIds: number[] } & (
  | { kind: 'percent'; basisPoints: number }
  | { kind: 'fixed'; cents: number }
);

export type TCartExtras = {
  promo: TPromo | null;
  protection: 'bilheto' | 'none' | null;
  /** The commissioner selling the cart (commerce §6): its refund service replaces the site's. */
  commissionerId?: number | null;
};

/** The money of one unit of a line, in cents: what the domain rules compute with. */
function lineOf(row: TCartRow): TCartLine {
  return {
    id: String(row.hold_id),
    lotId: String(row.lot_id),
    quantity: row.quantity,
    unitCents: row.price_cents,
    convenienceCents: percentOfCents(row.price_cents, row.fee_bp),
    // The processing fee reaches the buyer only when the lot adds it on top of the price.
    processingCents: row.processing_fee_added ? row.processing_fee_cents : 0,
  };
}

/** The refund service's rate for a line: the site's, or the commissioner's when one sells the cart (commerce §3). */
const refundRate = (row: TLineRow, commissioner: boolean) =>
  commissioner
    ? { active: row.refund_commissioner_active, bp: row.refund_commissioner_percent_bp }
    : { active: row.refund_site_active, bp: row.refund_site_percent_bp };

const refundCents = (row: TCartRow, commissioner = false) => {
  const rate = refundRate(row, commissioner);
  return rate.active
    ? protectionCents(
        { priceCents: row.price_cents, feeCents: percentOfCents(row.price_cents, row.fee_bp) },
        rate.bp,
      )
    : 0;
};

function toCartItem(row: TCartRow, line: TCartLine, promo: TPromo | null): TCartItem {
  const discountCents = line.discountCents ?? 0;
  const promoted = discountCents > 0 || line.promoCode !== undefined;
  const hasPlace = row.place_id !== null;
  const kind = ticketKind({
    seated: row.book_as_a_whole || hasPlace,
    bookAsAWhole: row.book_as_a_whole,
    minQtd: row.section_min,
    maxQtd: row.section_max,
  });
  const startsAt = toDate(row.starts_at);
  return {
    id: row.hold_id,
    lineId: line.id,
    ticketId: row.ticket_id,
    eventId: row.event_id,
    eventName: row.event_name,
    eventCity: row.city,
    eventState: row.state,
    eventDate: startsAt.toISOString(),
    slug: row.slug,
    hour: hourInTimeZone(startsAt, row.time_zone),
    timeZone: row.time_zone,
    place: row.venue_name,
    address: row.venue_address,
    addressNumber: row.venue_number,
    docTypes: row.doc_type,
    images: { poster: posterUrl(row.slug, row.poster_id) },
    lotId: row.lot_id,
    lotNumber: row.lot_number,
    quantity: line.quantity,
    value: centsToAmount(row.price_cents),
    available: Math.max(0, row.lot_capacity - row.lot_sold - row.lot_held),
    bookAsAWhole: row.book_as_a_whole,
    noInterest: row.no_interest,
    type: TICKET_TYPE[kind],
    sectionName: row.section_name,
    alias: row.ticket_alias,
    ticketName: row.ticket_name,
    taxTotal: centsToAmount(percentOfCents(row.price_cents, row.fee_bp)),
    taxAppTotal: centsToAmount(percentOfCents(row.price_cents, row.app_fee_bp)),
    LotProcessingFeeAdd: row.processing_fee_added,
    LotProcessingFeeValue: centsToAmount(row.processing_fee_cents),
    valueRefundServiceSite: centsToAmount(refundCents(row)),
    valueRefundServiceCommissioner: centsToAmount(refundCents(row, true)),
    promoTicket: promoted,
    promoTicketQuantity: promoted ? line.quantity : 0,
    discountValue: centsToAmount(discountCents),
    valuePromo: centsToAmount(row.price_cents - discountCents),
    promoCode: promoted ? (line.promoCode ?? null) : null,
    promotionCodeId: promoted && promo ? promo.id : null,
    quantityCuponsApplied: promoted ? line.quantity : 0,
    minQtd: row.section_min,
    ownerControl: row.owner_control,
    individualTicketControl: row.tickets_per_cpf === null ? 'Não' : 'Sim',
    ticketByCpf: row.tickets_per_cpf,
    facialIsActive: row.facial_is_active,
    facialValidationIsActive: row.facial_validation_is_active,
    facialAtMomentOfPurchase: row.facial_at_moment_of_purchase,
    onlineNote: row.online_note,
    coordinates: hasPlace
      ? {
          controlledPlaceId: row.place_id!,
          controlledPlaceAlias: row.place_alias!,
          alias: row.place_alias!,
          row: row.row_label,
          tableNumber: row.table_number,
          SeatsLocation: row.section_name,
          SeatsTable: row.place_kind === 'table',
          min: row.min_seats!,
          max: row.place_capacity!,
          available: Math.max(0, row.place_capacity! - row.place_sold! - row.place_held!),
          status: placeStatus({
            capacity: row.place_capacity!,
            sold: row.place_sold!,
            held: row.place_held!,
            disabled: row.place_disabled!,
            bookAsAWhole: row.book_as_a_whole,
          }),
          quantity: row.quantity,
        }
      : null,
  };
}

/**
 * The spec's Cart from its lines (at least one): a coupon discounts as many units as it has left,
 * splitting a line (spec §5), and the totals are computed here, never taken from the browser.
 */
export function cartAnswer(
  cartId: string,
  expiresAt: Date,
  rows: readonly TCartRow[],
  extras: TCartExtras = { promo: null, protection: null },
): TCart {
  const first = rows[0]!;
  const byHold = new Map(rows.map((row) => [String(row.hold_id), row]));
  const { promo } = extras;
  const commissioner = Boolean(extras.commissionerId);
  const coupon: TCoupon | null = promo && { ...promo, lotIds: promo.lotIds.map(String) };
  const lines = coupon ? applyCoupon(rows.map(lineOf), coupon).lines : rows.map(lineOf);
  const rowOf = (line: TCartLine) => byHold.get(line.id.replace(/:full$/, ''))!;
  const protectionCents =
    extras.protection === 'bilheto'
      ? lines.reduce((sum, line) => sum + refundCents(rowOf(line), commissioner) * line.quantity, 0)
      : 0;
  const totals = cartTotals(lines, protectionCents);
  return {
    id: cartId,
    exp: expiresAt.toISOString(),
    currency: first.currency === 'USD' ? 'USD' : 'BRL',
    holdToken: null,
    eventId: first.event_id,
    docType: first.doc_type,
    useTicketLots: true,
    // What the event's gateway offers is filled in by the checkout (payment-offer.ts).
    gateway: first.event_gateway,
    checkoutGateway: null,
    showYellowButton: false,
    creditCardPaymentMethod: false,
    pixPaymentMethod: false,
    multiplePaymentMethod: false,
    isNfeMandatory: Boolean(first.event_nfe_mandatory),
    refund: (() => {
      const rate = refundRate(first, commissioner);
      return { IsActive: rate.active, percent: rate.bp / 100 };
    })(),
    commissionerId: extras.commissionerId ?? null,
    items: lines.map((line) => toCartItem(rowOf(line), line, promo)),
    incompleteTables: incompleteTables(
      rows
        .filter((row) => row.place_kind === 'table')
        .map((row) => ({
          controlledPlaceId: String(row.place_id),
          seats: row.quantity,
          min: row.min_seats!,
          bookAsAWhole: row.book_as_a_whole,
          // A table with seats sold already is open: what is left may be taken in any number.
          leftover: row.place_sold! > 0,
        })),
    ).map(Number),
    protection: extras.protection
      ? {
          provider: extras.protection,
          quoteId: `${cartId}:${rows.length}`,
          value: centsToAmount(protectionCents),
        }
      : null,
    totals: {
      subtotal: centsToAmount(totals.subtotalCents),
      convenienceFee: centsToAmount(totals.convenienceCents),
      processingFee: centsToAmount(totals.processingCents),
      protection: centsToAmount(totals.protectionCents),
      discount: centsToAmount(totals.discountCents),
      total: centsToAmount(totals.totalCents),
      summaryTotal: centsToAmount(totals.summaryTotalCents),
    },
  };
}
