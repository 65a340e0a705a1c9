import { isCardEmissor, normalizeAccessCode } from '@ingressos/domain/exclusive-access';
import { HALF_PRICE_CATEGORY_IDS, HALF_PRICE_MIN_QUOTA_PERCENT } from '@ingressos/domain/half-price';
import { z } from 'zod';
import { ZExclusiveEmissorType, ZSlug } from './catalogue.ts';
import { TICKET_CODE_MODES } from './gate.ts';
import { GATEWAY_CODE_LIST } from './gateway-codes.ts';

/**
 * The file `npm run catalog:import -- file.json` loads (docs/catalog-import.md). Events are keyed
 * by slug; inside an event, sections by name, tickets by name within their section, lots by number
 * within their ticket, seats and tables by alias within their section. Money is in the event's
 * currency with at most two decimals; percentages allow two decimals.
 */

const BR_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const money = z.number().min(0).max(1_000_000).refine(hasCents, 'must have at most two decimals');
const percent = z.number().min(0).max(100).refine(hasCents, 'must have at most two decimals');
const quantity = z.number().int().min(1).max(1_000);
const isoWithOffset = z.iso.datetime({ offset: true });
const instant = (value: string) => new Date(value).getTime();

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const ZImportLot = z
  .object({
    number: z.number().int().min(1).max(99),
    price: money,
    convenienceFeePercent: percent.default(0),
    appConvenienceFeePercent: percent.optional(),
    processingFee: money.default(0),
    processingFeeAdded: z.boolean().default(false),
    quantity: z.number().int().min(0).max(1_000_000),
    disabled: z.boolean().default(false),
    /**
     * Issue 34, turnover by date: the lot sells from this moment (absent: as soon as the lots
     * before it are over) until `salesEndAt` (absent: until it sells out); then the next lot takes over.
     */
    salesStartAt: isoWithOffset.optional(),
    salesEndAt: isoWithOffset.optional(),
  })
  .superRefine((lot, ctx) => {
    if (lot.salesStartAt && lot.salesEndAt && instant(lot.salesStartAt) >= instant(lot.salesEndAt)) {
      ctx.addIssue({ code: 'custom', path: ['salesEndAt'], message: 'must be after salesStartAt' });
    }
  });

export const ZImportTicket = z
  .object({
    name: text(80),
    alias: z.string().trim().max(40).optional(),
    minQtd: quantity.default(1),
    facialAtMomentOfPurchase: z.boolean().default(false),
    /** Tickets one CPF may hold; absent means no per-CPF control (individualTicketControl 'Não'). */
    ticketsPerCpf: quantity.optional(),
    ownerControl: z.boolean().default(false),
    noInterest: z.boolean().default(false),
    onlineNote: z.string().trim().max(500).default(''),
    /**
     * Issue 36: its units are half-price (meia-entrada; the producer prices its lots): each holder
     * is identified with an entitled category, and they count against the section's quota.
     */
    halfPrice: z.boolean().optional(),
    lots: z.array(ZImportLot).min(1).max(20),
  })
  .superRefine((ticket, ctx) => uniqueBy(ticket.lots, (lot) => String(lot.number), 'number', 'lots', ctx));

export const ZImportPlace = z.object({
  kind: z.enum(['seat', 'table']),
  alias: text(40),
  row: z.string().trim().max(10).optional(),
  number: z.number().int().min(0).max(100_000).optional(),
  tableNumber: z.number().int().min(0).max(100_000).optional(),
  /** Position on the seat map, in map units (the map scales to fit). */
  x: z.number().min(0).max(10_000),
  y: z.number().min(0).max(10_000),
  /** Seats at a table; a seat is always 1. */
  seats: quantity.default(1),
  minSeats: quantity.optional(),
  disabled: z.boolean().default(false),
  /** Issue 34: kept back for the producer's guests (shown as taken; a courtesy ticket may take it). */
  reserved: z.boolean().default(false),
});

export const ZImportSection = z
  .object({
    name: text(80),
    minQtd: quantity.default(1),
    maxQtd: quantity.default(8),
    bookAsAWhole: z.boolean().default(false),
    tickets: z.array(ZImportTicket).min(1).max(30),
    places: z.array(ZImportPlace).max(20_000).default([]),
  })
  .superRefine((section, ctx) => {
    if (section.minQtd > section.maxQtd) {
      ctx.addIssue({ code: 'custom', path: ['minQtd'], message: 'must not exceed maxQtd' });
    }
    uniqueBy(section.tickets, (t) => t.name, 'name', 'tickets', ctx);
    uniqueBy(section.places, (p) => p.alias, 'alias', 'places', ctx);
    section.places.forEach((place, index) => {
      if (place.kind === 'seat' && place.seats !== 1) {
        ctx.addIssue({ code: 'custom', path: ['places', index, 'seats'], message: 'a seat has 1 seat' });
      }
    });
    if (section.bookAsAWhole && !section.places.some((p) => p.kind === 'table')) {
      ctx.addIssue({ code: 'custom', path: ['bookAsAWhole'], message: 'needs tables in places' });
    }
  });

export const ZImportVenue = z.object({
  name: text(120),
  address: text(160),
  number: z.string().trim().max(20).default('s/n'),
  district: z.string().trim().max(80).default(''),
  city: text(80),
  state: z.enum(BR_STATES),
  postalCode: z
    .string()
    .regex(/^\d{5}-?\d{3}$/, 'must be a CEP like 01310-100')
    .optional(),
});

/**
 * An issuer with pre-sale access and the secrets that open it: card issuers (cooperativeCard,
 * bankCard) list BIN prefixes, the others codes (phones for `phone`). Never published.
 */
export const ZImportExclusiveAccess = z
  .object({
    type: ZExclusiveEmissorType,
    name: text(80),
    binPrefixes: z
      .array(z.string().regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits of a card'))
      .max(1_000)
      .default([]),
    codes: z.array(z.string().trim().min(1).max(64)).max(50_000).default([]),
    /**
     * Issue 34: codes as stored (the SHA-256 hex of `eventId:type:normalised code`, what the export
     * writes, since codes are never kept in the clear). Kept as they are.
     */
    codeHashes: z
      .array(z.string().regex(/^[0-9a-f]{64}$/, 'must be a stored code hash (64 hex digits)'))
      .max(50_000)
      .default([]),
  })
  .superRefine((issuer, ctx) => {
    const card = isCardEmissor(issuer.type);
    if (card && issuer.binPrefixes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['binPrefixes'], message: `${issuer.type} needs binPrefixes` });
    }
    if (!card && issuer.codes.length === 0 && issuer.codeHashes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['codes'], message: `${issuer.type} needs codes` });
    }
    if (card && issuer.codeHashes.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['codeHashes'],
        message: `${issuer.type} takes binPrefixes, not codes`,
      });
    }
    if (card && issuer.codes.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['codes'],
        message: `${issuer.type} takes binPrefixes, not codes`,
      });
    }
    if (!card && issuer.binPrefixes.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['binPrefixes'], message: `${issuer.type} takes codes` });
    }
    for (const [i, code] of issuer.codes.entries()) {
      if (normalizeAccessCode(issuer.type, code) === null) {
        ctx.addIssue({ code: 'custom', path: ['codes', i], message: `not a valid ${issuer.type} code` });
      }
    }
  });

/** A lot by its place in the event's document: section name, ticket name, lot number. */
export const ZImportLotRef = z.object({
  section: text(80),
  ticket: text(80),
  number: z.number().int().min(1).max(99),
});

/**
 * Issue 34: a promotion code of the event (the cart's coupon field), matched by code. `percent`
 * off the price for kind percent, `amount` off for kind fixed; `quantity` units in all; `lots`
 * limits it to some lots (absent or empty: every lot).
 */
export const ZImportCoupon = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, "-" or "_"')
      .transform((code) => code.toUpperCase()),
    kind: z.enum(['percent', 'fixed']),
    percent: percent.optional(),
    amount: money.optional(),
    quantity: z.number().int().min(1).max(1_000_000),
    lots: z.array(ZImportLotRef).max(1_000).default([]),
    active: z.boolean().default(true),
    expiresAt: isoWithOffset.optional(),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.kind === 'percent' && !coupon.percent) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'a percent coupon needs percent above 0' });
    }
    if (coupon.kind === 'fixed' && !coupon.amount) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a fixed coupon needs amount above 0' });
    }
    if (coupon.kind === 'percent' && coupon.amount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'a percent coupon takes percent, not amount',
      });
    }
    if (coupon.kind === 'fixed' && coupon.percent !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'a fixed coupon takes amount, not percent',
      });
    }
  });
export type TImportCoupon = z.infer<typeof ZImportCoupon>;

export const ZImportEvent = z
  .object({
    slug: ZSlug,
    name: text(160),
    description: z.string().trim().max(5_000).default(''),
    category: z.enum(['show', 'festival', 'teatro', 'samba', 'esporte', 'stand-up', 'infantil', 'feira']),
    ageRating: z.enum(['L', '10', '12', '14', '16', '18']).default('L'),
    /** Start, with its UTC offset: 2027-03-14T21:00:00-03:00. */
    startsAt: z.iso.datetime({ offset: true }),
    timeZone: z.string().refine(validTimeZone, 'must be an IANA time zone').default('America/Sao_Paulo'),
    currency: z.enum(['BRL', 'USD']).default('BRL'),
    /**
     * The gateway that sells it, by the spec's enumeration (commerce §9, GATEWAY_CODES):
     * 0 PagSeguro (PagBank), 1 MercadoPago, 2 PicPay, 3 Multiadquirente (Malga), 4 MP_Pacaembu,
     * 5 MP_MultiplePaymentMethod, 6 MP_Universal_Music (4-6: Mercado Pago), 7 Stripe, 8 Yuno.
     * Absent: the site's default gateway.
     */
    gateway: z.literal(GATEWAY_CODE_LIST).optional(),
    producer: text(120),
    venue: ZImportVenue,
    group: ZSlug.optional(),
    featured: z.boolean().default(false),
    published: z.boolean().default(true),
    posterTheme: z.enum(['sunset', 'ocean', 'forest', 'night', 'carnival', 'gold']).optional(),
    /** Issue 34: an uploaded poster, by its id (the SHA-256 hex of its WebP bytes); absent: the drawn one. */
    poster: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'must be an uploaded poster id (64 hex digits)')
      .optional(),
    /**
     * Issue 35: how the tickets show at the door: `static` (the signed QR, printable), `rotating`
     * (a code that changes every 15 s in My tickets; no static QR, no PDF QR) or `rotating_printable`
     * (the rotating code in the app, and the static QR still accepted, e.g. printed). Absent: `static`.
     */
    ticketCode: z.enum(TICKET_CODE_MODES).optional(),
    maxTicketsPerCart: quantity.optional(),
    docType: z.enum(['CPF', 'ESTRANGEIRO']).default('CPF'),
    facial: z.object({ active: z.boolean(), validation: z.boolean().default(false) }).optional(),
    refundService: z
      .object({
        site: z.object({ active: z.boolean(), percent: percent.default(0) }).optional(),
        commissioner: z.object({ active: z.boolean(), percent: percent.default(0) }).optional(),
      })
      .optional(),
    exclusiveAccess: z.array(ZImportExclusiveAccess).max(10).default([]),
    sendPixel: z.boolean().default(false),
    /** Issue 15: the payment asks for the buyer's NF-e document, CPF or CNPJ (the cart's isNfeMandatory). */
    nfeMandatory: z.boolean().default(false),
    /**
     * Issue 15: the event absorbs the card interest up to this many installments (1-12): those
     * options are interest-free, more carry the gateway's interest. Absent: per the tickets' noInterest.
     */
    maxInterestFreeInstallments: z.number().int().min(1).max(12).optional(),
    /**
     * Issue 19, the waiting room: when sales open, with its UTC offset (absent: open now), and a
     * queue in front of them. Visitors who arrive before `onSaleAt` get a place drawn at random at
     * the start; later ones, first come first served. `ratePerMinute`: visitors admitted per
     * minute (absent: the free stock over one cart hold time, at about two tickets a buyer).
     */
    onSaleAt: z.iso.datetime({ offset: true }).optional(),
    queue: z
      .object({
        enabled: z.boolean().default(true),
        ratePerMinute: z.number().int().min(1).max(100_000).optional(),
      })
      .optional(),
    sellingPoints: z
      .array(
        z.object({
          name: text(120),
          address: text(160),
          city: text(80),
          state: z.enum(BR_STATES),
          openingHours: z.string().trim().max(120).default(''),
        }),
      )
      .max(50)
      .default([]),
    sections: z.array(ZImportSection).min(1).max(50),
    /** Issue 34: the event's promotion codes, matched by code (see ZImportCoupon). */
    coupons: z.array(ZImportCoupon).max(1_000).default([]),
    /**
     * Issue 36, half-price (meia-entrada): the share of each section's capacity its half-price
     * tickets may sell (at least 40, Decreto 8.537/2015; default 40) and the state-law categories
     * the event accepts besides the federal ones (HALF_PRICE_CATEGORIES). Absent: no half-price.
     */
    halfPrice: z
      .object({
        quotaPercent: z
          .number()
          .int()
          .min(HALF_PRICE_MIN_QUOTA_PERCENT)
          .max(100)
          .default(HALF_PRICE_MIN_QUOTA_PERCENT),
        categories: z.array(z.enum(HALF_PRICE_CATEGORY_IDS)).max(HALF_PRICE_CATEGORY_IDS.length).default([]),
      })
      .optional(),
  })
  .superRefine((event, ctx) => {
    for (const [i, section] of event.sections.entries())
      for (const [j, ticket] of section.tickets.entries())
        if (ticket.halfPrice && !event.halfPrice)
          ctx.addIssue({
            code: 'custom',
            path: ['sections', i, 'tickets', j, 'halfPrice'],
            message: "a half-price ticket needs the event's halfPrice",
          });
    uniqueBy(event.sections, (s) => s.name, 'name', 'sections', ctx);
    uniqueBy(event.coupons, (c) => c.code, 'code', 'coupons', ctx);
  });

export const ZImportGroup = z.object({
  slug: ZSlug,
  name: text(160),
  description: z.string().trim().max(5_000).default(''),
  posterTheme: z.enum(['sunset', 'ocean', 'forest', 'night', 'carnival', 'gold']).optional(),
});

/**
 * An authorised reseller (commerce §3, §6): reached by `/?id=<hash>`, selling only the listed events
 * (by slug, in this file or imported before). Matched by hash, so a second import updates it.
 */
export const ZImportCommissioner = z.object({
  hash: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{6,64}$/, 'must be 6 to 64 letters, digits, "-" or "_"'),
  name: text(120),
  active: z.boolean().default(true),
  events: z.array(ZSlug).max(5_000).default([]),
});
export type TImportCommissioner = z.infer<typeof ZImportCommissioner>;

export const ZCatalogImportFile = z
  .object({
    groups: z.array(ZImportGroup).max(1_000).default([]),
    events: z.array(ZImportEvent).min(1).max(5_000),
    commissioners: z.array(ZImportCommissioner).max(1_000).default([]),
  })
  .superRefine((file, ctx) => {
    uniqueBy(file.groups, (g) => g.slug, 'slug', 'groups', ctx);
    uniqueBy(file.events, (e) => e.slug, 'slug', 'events', ctx);
    uniqueBy(file.commissioners, (c) => c.hash, 'hash', 'commissioners', ctx);
  });
export type TCatalogImportFile = z.infer<typeof ZCatalogImportFile>;
export type TCatalogImportInput = z.input<typeof ZCatalogImportFile>;
export type TImportEvent = z.infer<typeof ZImportEvent>;

function uniqueBy<T>(
  items: readonly T[],
  key: (item: T) => string,
  field: string,
  list: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) {
      ctx.addIssue({ code: 'custom', path: [list, index, field], message: `repeats "${value}"` });
    }
    seen.add(value);
  });
}

/** `events[2].sections[0].name`: the JSON path of an issue, as the importer reports it. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === 'number') return `${out}[${part}]`;
    return out ? `${out}.${String(part)}` : String(part);
  }, '');
}
