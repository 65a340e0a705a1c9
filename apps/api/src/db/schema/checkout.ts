import { holdersOfCpfs, type THolder } from '@ingressos/contracts/holder';
import { sql } from '../orm.ts';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from '../pg-core.ts';
import { users } from './accounts.ts';

/** One unit line of an order, copied from the server's cart when the payment was created. */
export type TOrderLine = {
  ticketId: number;
  lotId: number;
  controlledPlaceId: number | null;
  quantity: number;
  /** Unit price the buyer pays, in cents (discounts applied). */
  unitCents: number;
  /** The unit's price before any discount, and its fees (convenience + processing), in cents: the receipt's lines. Absent on older orders. */
  listCents?: number;
  feeCents?: number;
  eventName: string;
  sectionName: string;
  ticketName: string;
  placeAlias: string | null;
  /** The identified holders, one per unit from the first (a CPF as digits only). */
  holders?: THolder[];
  /** Orders made before holders: their CPFs only. Read both through lineHolders. */
  cpfs?: string[];
};

/** A stored line's holders, whichever shape the order was saved in. */
export function lineHolders(line: Pick<TOrderLine, 'holders' | 'cpfs'>): THolder[] {
  return line.holders ?? holdersOfCpfs(line.cpfs ?? []);
}

/**
 * Orders (commerce §4 "Order status": 1, 3, 4, 6, 7, 8). An order is created once per
 * Idempotency-Key of a buyer, and at most one live order (awaiting, paid or pre-authorised) per
 * cart. Orders, payments and tickets always live on the durable pool.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cartId: text('cart_id').notNull(),
    eventId: integer('event_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the meaningful request fields: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    method: text('method').notNull(),
    installments: smallint('installments').notNull().default(1),
    /** What the buyer pays, in cents of `currency`: the cart's total plus any card interest. */
    totalCents: integer('total_cents').notNull(),
    /** The card interest inside totalCents (installments with interest), 0 otherwise. */
    interestCents: integer('interest_cents').notNull().default(0),
    /** ISO 4217 code of the event's currency: what the gateway charges in. */
    currency: text('currency').notNull().default('BRL'),
    lines: jsonb('lines').$type<TOrderLine[]>().notNull(),
    /** Units each promotion code discounted: counted as used when the order is paid. */
    promo: jsonb('promo').$type<{ id: number; n: number }[]>().notNull().default([]),
    /** The buyer's document: the holder of units that need no identification. */
    buyerDocument: text('buyer_document').notNull(),
    transfers: jsonb('transfers')
      .$type<{ destinationCpf: string; indexItem: number }[]>()
      .notNull()
      .default([]),
    /** Pix BR Code and its expiry (the cart's holds are kept until then). */
    pixPayload: text('pix_payload'),
    pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
    /** The cart's timer when it became this order: a charge refused hands the cart back with it (issue 19). */
    cartExpiresAt: timestamp('cart_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** commerce §3 `nfeDocument`: the CPF or CNPJ the NF-e is issued to (digits, or CNPJ letters), when given. */
    nfeDocument: text('nfe_document'),
    /** commerce §6: the commissioner who sold the order (its id is the seller id), null when the site did. */
    sellerId: integer('seller_id'),
    /** commerce §9 channel: 1 SITE, 2 COMMISSIONER (0 APP). */
    channel: smallint('channel').notNull().default(1),
    /** commerce §9 sale origin: Site or SiteCommissioner (App, AppComissioner from the app). */
    saleOrigin: text('sale_origin').notNull().default('Site'),
    /** The refund service (protection) inside totalCents: the commissioner's or the site's value. */
    refundServiceCents: integer('refund_service_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_live_cart').on(t.cartId).where(sql`${t.status} in (1, 3, 4)`),
    index('orders_user').on(t.userId, t.createdAt),
    // Issue 33: support's search by the buyer's CPF, and by the order's code (its id's first 8 characters).
    index('orders_buyer_document').on(t.buyerDocument),
    index('orders_code').on(t.id.op('text_pattern_ops')),
    index('orders_event').on(t.eventId, t.status),
    index('orders_seller').on(t.sellerId, t.createdAt).where(sql`${t.sellerId} is not null`),
    // The payment reconciler's scan: only orders still awaiting payment (1) or pre-authorised (4);
    // issue 37: with `= 1` alone the scan went through every paid order's entry of orders_live_cart.
    index('orders_awaiting').on(t.createdAt).where(sql`${t.status} in (1, 4)`),
    check('orders_status', sql`${t.status} in (1, 3, 4, 6, 7, 8)`),
    check('orders_method', sql`${t.method} in ('credit_card', 'pix', 'free')`),
  ],
);

/** The charge of an order at the gateway: one per order (the unique index makes it so). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    gateway: text('gateway').notNull(),
    /** The gateway's id of the charge. */
    gatewayRef: text('gateway_ref'),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    method: text('method').notNull(),
    /** What a receipt may show of a card: brand and last four digits, never more. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** A 3-D Secure challenge the issuer asked for (pending_challenge): where the buyer answers it. */
    challengeUrl: text('challenge_url'),
    /** Issue 33: the Pix's end-to-end id (E2E, from the bank's settlement), when the gateway gives it: support searches by it. */
    pixEndToEndId: text('pix_end_to_end_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order').on(t.orderId),
    index('payments_gateway_ref').on(t.gatewayRef),
    // Issue 33: support's search by the card's last four digits and by the Pix's end-to-end id.
    index('payments_card_last4').on(t.cardLast4),
    index('payments_pix_e2e').on(t.pixEndToEndId),
    // The reconciler's scan for approvals on ended orders whose refund has not been confirmed.
    index('payments_refund_due').on(t.orderId).where(sql`${t.statusDetail} like 'refund_due:%'`),
  ],
);

/** Issued tickets: one per unit of a paid order, each with a signed QR payload. */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** Position of the unit within the order: (order, unit) is unique, so a ticket is issued once. */
    unit: smallint('unit').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id').notNull(),
    ticketId: integer('ticket_id').notNull(),
    lotId: integer('lot_id').notNull(),
    controlledPlaceId: integer('controlled_place_id'),
    holderCpf: text('holder_cpf').notNull(),
    qr: text('qr').notNull(),
    /**
     * The QR's `v` claim: raised when the ticket changes hands (a transfer), which voids every
     * earlier QR of the ticket (GET /api/tickets/revoked lists them for gates).
     */
    qrVersion: smallint('qr_version').notNull().default(1),
    /** Issue 33: refunded or its event cancelled: the gate refuses it (GET /api/tickets/revoked lists it). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** Issue 34/35: the first check-in at the gate (one writer, gate/check-in.ts), by which staff member and gate. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by'),
    checkInGate: text('check_in_gate'),
    /** Issue 35: the gate app's device that checked it in (null: an online scan without one). */
    checkedInDevice: text('checked_in_device'),
    /** Issue 36: a half-price (meia-entrada) ticket's category (HALF_PRICE_CATEGORIES id): the gate checks the document. */
    halfPriceCategory: text('half_price_category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 35: when the row last changed, kept by a trigger on every insert and update (migration
     * 0029), whoever writes: the gate's delta sync reads tickets changed since its cursor.
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_order_unit').on(t.orderId, t.unit),
    index('tickets_user').on(t.userId, t.eventId),
    index('tickets_holder').on(t.ticketId, t.holderCpf),
    // Issue 33: support finds the orders of a holder by CPF.
    index('tickets_holder_cpf').on(t.holderCpf),
    // Issue 34: the producer's live check-in counter.
    index('tickets_event_checked_in').on(t.eventId, t.checkedInAt),
    // Issue 35: the gate's delta (tickets of an event changed since a cursor).
    index('tickets_event_changed').on(t.eventId, t.changedAt),
  ],
);

/** The sandbox gateway's own ledger of charges (what a real acquirer keeps on its side). */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  method: text('method').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('BRL'),
  installments: smallint('installments').notNull().default(1),
  status: text('status').notNull(),
  statusDetail: text('status_detail').notNull(),
  /** Our payment id: a gateway charges once per external reference. */
  externalRef: text('external_ref').notNull().unique(),
  /** Given back so far (partial refunds); the whole amount makes the charge 'refunded'. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
