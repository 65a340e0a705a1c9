import { sql } from '../orm.ts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from '../pg-core.ts';
import { controlledPlaces, events, eventTickets, ticketLots } from './catalogue.ts';
import { identityId, parentId } from './columns.ts';

/**
 * Timed carts. A cart belongs to a browser session (`session_id`, a secret the browser keeps),
 * and each hold takes units out of a lot (and a seat or table) with a conditional UPDATE on the
 * lot's `held` counter. A hold counts only while `expires_at > now()`: whoever touches a lot
 * next reclaims that lot's expired holds in the same statement, and the sweeper reclaims the
 * rest, so availability never waits for the sweeper (docs/cart-holds.md). Reclaiming marks the
 * hold `released` rather than deleting it: counters count only unreleased holds.
 */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    eventId: integer('event_id').references(() => events.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Chosen refund-protection provider, or null when none was chosen. */
    protectionProvider: text('protection_provider'),
    promoCode: text('promo_code'),
    /** Times the buyer renewed the timer; capped so a cart cannot hold stock forever. */
    renewals: smallint('renewals').notNull().default(0),
    /** The commissioner selling this cart (commerce §6: its id is the order's seller id), or null for the site. */
    commissionerId: integer('commissioner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_session').on(t.sessionId),
    // Issue 19: an account's held units are summed over its carts on each logged-in add.
    index('carts_user').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

export const cartHolds = pgTable(
  'cart_holds',
  {
    id: identityId(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => eventTickets.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => ticketLots.id),
    controlledPlaceId: integer('controlled_place_id').references(() => controlledPlaces.id),
    quantity: smallint('quantity').notNull(),
    /**
     * True once the units went back on sale (the hold expired and was reclaimed). The line stays,
     * so the buyer learns the cart expired and activation can try to take it again.
     */
    released: boolean('released').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Issue 34: the lot's price terms at the moment the hold's units were taken (the guarded
     * take returns them), so a producer's later price change never alters what this buyer pays.
     * Null on a hold made before: the cart reads the lot's, as it did.
     */
    priceCents: integer('price_cents'),
    feeBp: integer('fee_bp'),
    appFeeBp: integer('app_fee_bp'),
    processingFeeCents: integer('processing_fee_cents'),
    processingFeeAdded: boolean('processing_fee_added'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_holds_cart').on(t.cartId),
    index('cart_holds_lot_expiry').on(t.lotId, t.expiresAt),
    index('cart_holds_place_expiry').on(t.controlledPlaceId, t.expiresAt),
    index('cart_holds_expiry').on(t.expiresAt),
    check('cart_holds_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * Promotion codes of an event. `quantity` is how many units the code may discount in all;
 * `used` counts units paid with it (the checkout consumes them), so what remains is
 * quantity - used. An empty `lot_ids` means every lot of the event.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: identityId(),
    eventId: parentId('event_id', () => events.id),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    percentBp: integer('percent_bp').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    quantity: integer('quantity').notNull(),
    used: integer('used').notNull().default(0),
    lotIds: jsonb('lot_ids').$type<number[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promo_codes_event_code').on(t.eventId, t.code),
    check('promo_codes_kind', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_used', sql`${t.used} >= 0 and ${t.used} <= ${t.quantity}`),
  ],
);

/**
 * Exclusive pre-sale access a cart session earned by validating an access code (commerce §7
 * "Exclusive access"): addtocart takes tickets of a restricted event only for a session with a
 * live grant. One row per session and event; validating again moves `expires_at`.
 */
export const exclusiveAccessGrants = pgTable(
  'exclusive_access_grants',
  {
    sessionId: text('session_id').notNull(),
    eventId: parentId('event_id', () => events.id),
    emissorType: text('emissor_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exclusive_access_grants_pk', columns: [t.sessionId, t.eventId] }),
    index('exclusive_access_grants_expiry').on(t.expiresAt),
  ],
);

/**
 * The coupon uses a live cart has reserved (one row per cart): a promotion code's uses left are
 * quantity − used − the units reserved by other carts that have not expired, so a 2-use code is
 * never shown to more buyers than it can serve. The row goes with its cart (cascade), and a cart
 * counts only while `carts.expires_at` is ahead, so an abandoned cart gives its uses back at once.
 */
export const cartPromoUses = pgTable(
  'cart_promo_uses',
  {
    cartId: text('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    promoId: parentId('promo_id', () => promoCodes.id),
    units: integer('units').notNull(),
  },
  (t) => [index('cart_promo_uses_promo').on(t.promoId), check('cart_promo_uses_units', sql`${t.units} > 0`)],
);
