import { GATEWAY_CODE_LIST } from '@ingressos/contracts/gateway-codes';
import { sql } from '../orm.ts';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from '../pg-core.ts';
import { identityId, parentId } from './columns.ts';

/**
 * The catalogue: who produces, where, when, and what is on sale. Stock lives in `ticket_lots` and
 * `controlled_places` as capacity / sold / held counters guarded by a CHECK, so the cart can take
 * units with one conditional UPDATE (`... set held = held + $n where id = $id and sold + held + $n
 * <= capacity`) and the database itself refuses to oversell. Whatever changes what a buyer sees of
 * an event bumps `events.revision` in the same transaction: that is how every process learns to
 * rebuild its snapshots (docs/catalogue-snapshots.md).
 */

/** Binary column (PostgreSQL bytea) read and written as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const producers = pgTable('producers', {
  id: identityId(),
  name: text('name').notNull().unique(),
  createdAt: created(),
});

export const venues = pgTable(
  'venues',
  {
    id: identityId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    addressNumber: text('address_number').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
  },
  (t) => [uniqueIndex('venues_name_city').on(t.name, t.city)],
);

export const eventGroups = pgTable('event_groups', {
  id: identityId(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  posterTheme: text('poster_theme'),
  createdAt: created(),
  updatedAt: updated(),
});

/** What the catalogue publishes of an issuer with pre-sale access; its codes stay in `event_access_codes`. */
export type TExclusiveEmissor = { type: string; name: string };

export const events = pgTable(
  'events',
  {
    id: identityId(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    ageRating: text('age_rating').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull(),
    /** commerce §9: the gateway that sells it, by the spec's enumeration; null: the site's default gateway. */
    gateway: smallint('gateway'),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    groupId: integer('group_id').references(() => eventGroups.id),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    posterTheme: text('poster_theme'),
    sendPixel: boolean('send_pixel').notNull().default(false),
    exclusiveEmissors: jsonb('exclusive_emissors').$type<TExclusiveEmissor[]>().notNull().default([]),
    maxTicketsPerCart: smallint('max_tickets_per_cart'),
    docType: smallint('doc_type').notNull().default(1),
    facialIsActive: boolean('facial_is_active').notNull().default(false),
    facialValidationIsActive: boolean('facial_validation_is_active').notNull().default(false),
    refundSiteActive: boolean('refund_site_active').notNull().default(false),
    refundSitePercentBp: integer('refund_site_percent_bp').notNull().default(0),
    refundCommissionerActive: boolean('refund_commissioner_active').notNull().default(false),
    refundCommissionerPercentBp: integer('refund_commissioner_percent_bp').notNull().default(0),
    // Ways to pay (issue 15, 3DS/installments/NF-e): the buyer's NF-e document is asked for (the
    // cart's isNfeMandatory), and the installment counts up to which the event absorbs the interest.
    nfeMandatory: boolean('nfe_mandatory').notNull().default(false),
    maxInterestFreeInstallments: smallint('max_interest_free_installments'),
    /**
     * Issue 19, the waiting room: when sales open (null: already open), whether a queue admits
     * buyers, and how many per minute (null: derived from the stock and the hold time).
     */
    onSaleAt: timestamp('on_sale_at', { withTimezone: true }),
    queueEnabled: boolean('queue_enabled').notNull().default(false),
    queueRatePerMinute: integer('queue_rate_per_minute'),
    /** Issue 34: the producer's uploaded poster (`poster_images.id`); null: the poster the product draws. */
    posterId: text('poster_id'),
    /** Issue 35: how tickets show at the door (TICKET_CODE_MODES): static QR, rotating, or rotating with a printable static one. */
    ticketCode: text('ticket_code').notNull().default('static'),
    /**
     * Issue 36, half-price (meia-entrada): the share of each sector's capacity kept for half-price
     * units (at least 40, Decreto 8.537/2015), null when the event sells no half-price; and the
     * categories (HALF_PRICE_CATEGORIES ids) the producer accepts for it.
     */
    halfPriceQuotaPercent: smallint('half_price_quota_percent'),
    halfPriceCategories: jsonb('half_price_categories').$type<string[]>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('events_starts_at').on(t.startsAt),
    index('events_group').on(t.groupId),
    check('events_currency', sql`${t.currency} in ('BRL', 'USD')`),
    check('events_ticket_code', sql`${t.ticketCode} in ('static', 'rotating', 'rotating_printable')`),
    // commerce §9's numeric gateway codes (packages/contracts gateway-codes.ts).
    check('events_gateway', sql`${t.gateway} in (${sql.raw(GATEWAY_CODE_LIST.join(', '))})`),
  ],
);

export const eventSections = pgTable(
  'event_sections',
  {
    id: identityId(),
    eventId: parentId('event_id', () => events.id),
    name: text('name').notNull(),
    position: smallint('position').notNull(),
    minQtd: smallint('min_qtd').notNull().default(1),
    maxQtd: smallint('max_qtd').notNull().default(8),
    bookAsAWhole: boolean('book_as_a_whole').notNull().default(false),
    /**
     * Issue 36: the section's half-price quota (floor(quotaPercent × capacity / 100), kept by
     * sync-sections) and the half-price units sold and held against it. Only the stock module
     * moves half_sold/half_held, in the same guarded statement that takes or releases the units.
     */
    halfQuota: integer('half_quota').notNull().default(0),
    halfSold: integer('half_sold').notNull().default(0),
    halfHeld: integer('half_held').notNull().default(0),
  },
  (t) => [
    uniqueIndex('event_sections_event_name').on(t.eventId, t.name),
    check(
      'event_sections_half_quota',
      sql`${t.halfSold} >= 0 and ${t.halfHeld} >= 0 and ${t.halfSold} + ${t.halfHeld} <= ${t.halfQuota}`,
    ),
  ],
);

export const eventTickets = pgTable(
  'event_tickets',
  {
    id: identityId(),
    sectionId: parentId('section_id', () => eventSections.id),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    position: smallint('position').notNull(),
    minQtd: smallint('min_qtd').notNull().default(1),
    facialAtMomentOfPurchase: boolean('facial_at_moment_of_purchase').notNull().default(false),
    ticketsPerCpf: smallint('tickets_per_cpf'),
    ownerControl: boolean('owner_control').notNull().default(false),
    noInterest: boolean('no_interest').notNull().default(false),
    onlineNote: text('online_note').notNull().default(''),
    /** Issue 36: its units are half-price (meia-entrada): they count against the section's quota and their holders must be entitled. */
    halfPrice: boolean('half_price').notNull().default(false),
  },
  (t) => [uniqueIndex('event_tickets_section_name').on(t.sectionId, t.name)],
);

export const ticketLots = pgTable(
  'ticket_lots',
  {
    id: identityId(),
    ticketId: parentId('ticket_id', () => eventTickets.id),
    number: smallint('number').notNull(),
    priceCents: integer('price_cents').notNull(),
    feeBp: integer('fee_bp').notNull().default(0),
    appFeeBp: integer('app_fee_bp').notNull().default(0),
    processingFeeCents: integer('processing_fee_cents').notNull().default(0),
    processingFeeAdded: boolean('processing_fee_added').notNull().default(false),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Issue 34, turnover by date: the lot sells only from `sales_start_at` (null: as soon as the lots
     * before it are over) until `sales_end_at` (null: until it sells out); the next lot takes over.
     */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ticket_lots_ticket_number').on(t.ticketId, t.number),
    check(
      'ticket_lots_stock',
      sql`${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.capacity}`,
    ),
  ],
);

export const controlledPlaces = pgTable(
  'controlled_places',
  {
    id: identityId(),
    sectionId: parentId('section_id', () => eventSections.id),
    kind: text('kind').notNull(),
    alias: text('alias').notNull(),
    rowLabel: text('row_label'),
    seatNumber: integer('seat_number'),
    tableNumber: integer('table_number'),
    x: real('x').notNull(),
    y: real('y').notNull(),
    minSeats: smallint('min_seats').notNull().default(1),
    capacity: smallint('capacity').notNull().default(1),
    sold: smallint('sold').notNull().default(0),
    held: smallint('held').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /** Issue 34: kept back for the producer's guests: not on sale, a courtesy ticket may take it. */
    reserved: boolean('reserved').notNull().default(false),
  },
  (t) => [
    uniqueIndex('controlled_places_section_alias').on(t.sectionId, t.alias),
    check('controlled_places_kind', sql`${t.kind} in ('seat', 'table')`),
    check(
      'controlled_places_stock',
      sql`${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.capacity}`,
    ),
  ],
);

export const sellingPoints = pgTable(
  'selling_points',
  {
    id: identityId(),
    eventId: parentId('event_id', () => events.id),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    openingHours: text('opening_hours').notNull(),
  },
  (t) => [index('selling_points_event').on(t.eventId)],
);

/**
 * The secrets that open an exclusive pre-sale (commerce §2), per event and issuer type. Card issuers
 * have BIN prefixes (the first 6 to 8 digits of their cards, never a whole number); the others have
 * codes or phones, kept only as a SHA-256 of `eventId:type:normalised code`, so neither the database
 * nor a snapshot shows them. Never published: the catalogue's `exclusive_emissors` has only names.
 */
export const eventAccessCodes = pgTable(
  'event_access_codes',
  {
    id: identityId(),
    eventId: parentId('event_id', () => events.id),
    emissorType: text('emissor_type').notNull(),
    binPrefix: text('bin_prefix'),
    codeHash: text('code_hash'),
  },
  (t) => [
    index('event_access_codes_event').on(t.eventId, t.emissorType),
    uniqueIndex('event_access_codes_hash').on(t.eventId, t.emissorType, t.codeHash),
    check(
      'event_access_codes_one',
      sql`(${t.binPrefix} is null) <> (${t.codeHash} is null) and (${t.binPrefix} is null or ${t.binPrefix} ~ '^[0-9]{6,8}$')`,
    ),
  ],
);

/**
 * Issue 34: posters a producer uploaded, resized to WebP by the api and addressed by the SHA-256 of
 * their bytes (so a URL never changes content and is cached for a year). Never deleted while an
 * event points at one.
 */
export const posterImages = pgTable('poster_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: created(),
});
