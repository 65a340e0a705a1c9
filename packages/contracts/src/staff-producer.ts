import { z } from 'zod';
import { ZCatalogImportFile, ZImportEvent } from './catalog-import.ts';
import { GATE_RESULTS } from './gate.ts';

/**
 * Issue 34, the producer's console: a producer creates and runs their own events in the product.
 * An event is edited as ONE document, the import format's event (catalog-import.ts): what the
 * import can say the console can say, and saving a document is validated and written exactly like
 * an import (capacity never below sold + held, a lot with sales never deleted). Saves carry the
 * revision they were read at; a stale one is refused (409 `event_changed`) instead of overwriting
 * someone else's change. Every call is scoped in the api: a producer reaches only their own events.
 */

/** /api/staff/producer/events/:eventId/... */
export const ZProducerEventParams = z.object({
  eventId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Where an event stands, for the list and the editor's header. */
export const PRODUCER_EVENT_STATES = [
  'draft',
  'scheduled',
  'on_sale',
  'sold_out',
  'past',
  'cancelled',
] as const;
export type TProducerEventState = (typeof PRODUCER_EVENT_STATES)[number];

/** GET /api/staff/producer/events: the producer's events (every event for an administrator). */
export const ZProducerEventSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  city: z.string(),
  state: z.string(),
  published: z.boolean(),
  status: z.enum(PRODUCER_EVENT_STATES),
  posterUrl: z.string(),
  currency: z.string(),
  /** Units sold (courtesies included) and the event's capacity. */
  sold: z.number().int(),
  capacity: z.number().int(),
  /** What buyers paid for the event's paid orders, refunds taken off, in cents of `currency`. */
  grossCents: z.number().int(),
  revision: z.number().int(),
});
export type TProducerEventSummary = z.infer<typeof ZProducerEventSummary>;
export const ZProducerEventList = z.object({ events: z.array(ZProducerEventSummary) });
export type TProducerEventList = z.infer<typeof ZProducerEventList>;

/** What the counters say of each lot, beside the document (never part of it: sales are not edited). */
export const ZProducerLotCounters = z.object({
  lotId: z.number().int(),
  section: z.string(),
  ticket: z.string(),
  number: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
});
export const ZProducerPlaceCounters = z.object({
  section: z.string(),
  alias: z.string(),
  sold: z.number().int(),
  held: z.number().int(),
});

/** GET /api/staff/producer/events/:eventId/document: the event as the import format says it. */
export const ZProducerEventDocument = z.object({
  eventId: z.number().int(),
  revision: z.number().int(),
  status: z.enum(PRODUCER_EVENT_STATES),
  document: ZImportEvent,
  lots: z.array(ZProducerLotCounters),
  /** Places with sold or held units (the others have none). */
  places: z.array(ZProducerPlaceCounters),
  /** The public page, for the "ver no site" link. */
  url: z.string(),
});
export type TProducerEventDocument = z.infer<typeof ZProducerEventDocument>;

/** POST /api/staff/producer/events: a new event (its slug must be free). */
export const ZCreateProducerEventRequest = z.object({ document: z.unknown() }).strict();
/** PUT /api/staff/producer/events/:eventId/document: the whole document, read at `revision`. */
export const ZSaveProducerEventRequest = z
  .object({ revision: z.number().int().min(1), document: z.unknown() })
  .strict();
export type TSaveProducerEventRequest = z.infer<typeof ZSaveProducerEventRequest>;

/** Both answers: the event's id and its revision now. 422 answers carry `issues` (the import's). */
export const ZProducerEventSaved = z.object({
  eventId: z.number().int(),
  slug: z.string(),
  revision: z.number().int(),
  outcome: z.enum(['created', 'updated', 'unchanged']),
});
export type TProducerEventSaved = z.infer<typeof ZProducerEventSaved>;

/**
 * A refused document, in the API's error body (errors.ts): `issues` lists each problem at its JSON
 * path inside the event (`sections[0].tickets[1].lots[0].quantity`, no `events[0].` before it).
 */
export const ZProducerDocumentErrors = z.object({
  Message: z.string(),
  code: z.literal('event_invalid'),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** GET /api/staff/producer/events/:eventId/export.json: the import file of this one event (and its group). */
export const ZProducerEventExport = ZCatalogImportFile;

/** POST /api/staff/producer/events/:eventId/status */
export const PRODUCER_STATUS_ACTIONS = ['publish', 'unpublish', 'sold_out', 'reopen'] as const;
export const ZProducerStatusRequest = z.object({ action: z.enum(PRODUCER_STATUS_ACTIONS) }).strict();
export type TProducerStatusRequest = z.infer<typeof ZProducerStatusRequest>;

/**
 * POST /api/staff/producer/posters: the image's bytes as the body (Content-Type image/jpeg,
 * image/png or image/webp, at most 8 MB), resized and stored as WebP; the document's `poster`
 * field then names it. Answers where it is served.
 */
export const POSTER_MAX_BYTES = 8 * 1024 * 1024;
export const ZProducerPoster = z.object({
  posterId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TProducerPoster = z.infer<typeof ZProducerPoster>;

/** GET /api/staff/postal-codes/:cep: the address the CEP adapter finds, for the venue form. */
export const ZStaffPostalCodeParams = z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/) });
export const ZStaffPostalCodeAnswer = z.object({
  postalCode: z.string(),
  address: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
});

/** POST /api/staff/producer/events/:eventId/courtesies: free tickets for named guests. */
export const ZCourtesyRequest = z
  .object({
    /** The lot the tickets count against (its capacity, like a sale). */
    lotId: z.number().int().positive(),
    guests: z
      .array(
        z
          .object({
            name: z.string().trim().min(3).max(120),
            cpf: z.string().trim().min(11).max(14),
            /** For a seat or table section: the alias of a place (a reserved one, typically). */
            place: z.string().trim().max(40).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(50),
    note: z.string().trim().max(300).default(''),
  })
  .strict();
export type TCourtesyRequest = z.input<typeof ZCourtesyRequest>;

export const ZCourtesyTicket = z.object({
  ticketId: z.string(),
  orderId: z.string(),
  guestName: z.string(),
  cpfMasked: z.string(),
  section: z.string(),
  ticket: z.string(),
  place: z.string().nullable(),
  issuedAt: z.string(),
  issuedBy: z.string(),
  voided: z.boolean(),
  checkedIn: z.boolean(),
});
export type TCourtesyTicket = z.infer<typeof ZCourtesyTicket>;
/** GET (and the POST's answer): the event's courtesies, newest first. */
export const ZCourtesyList = z.object({ courtesies: z.array(ZCourtesyTicket) });
export type TCourtesyList = z.infer<typeof ZCourtesyList>;

/** GET /api/staff/producer/events/:eventId/dashboard: the sale right now. Money in cents of `currency`. */
export const ZProducerDashboard = z.object({
  eventId: z.number().int(),
  currency: z.string(),
  generatedAt: z.string(),
  totals: z.object({
    capacity: z.number().int(),
    sold: z.number().int(),
    held: z.number().int(),
    courtesies: z.number().int(),
    paidOrders: z.number().int(),
    /** What buyers paid (tickets, fees, protection), before refunds. */
    grossCents: z.number().int(),
    /** Convenience and processing fees and refund protection inside gross (the site's, not the producer's). */
    feesCents: z.number().int(),
    refundedCents: z.number().int(),
    /** The producer's: gross minus fees minus refunds of ticket value. */
    netCents: z.number().int(),
    /** Paid orders that bought refund protection. */
    protectionOrders: z.number().int(),
    checkedIn: z.number().int(),
  }),
  byLot: z.array(
    z.object({
      lotId: z.number().int(),
      section: z.string(),
      ticket: z.string(),
      number: z.number().int(),
      priceCents: z.number().int(),
      capacity: z.number().int(),
      sold: z.number().int(),
      held: z.number().int(),
      /** on_sale: the lot buyers get now; waiting: a later lot; over: sold out, ended or disabled. */
      state: z.enum(['on_sale', 'waiting', 'over']),
    }),
  ),
  /** Paid tickets and gross per day (the event's time zone), oldest first. */
  byDay: z.array(z.object({ date: z.string(), tickets: z.number().int(), grossCents: z.number().int() })),
  byMethod: z.array(z.object({ method: z.string(), orders: z.number().int(), grossCents: z.number().int() })),
  byChannel: z.array(
    z.object({
      channel: z.enum(['site', 'commissioner', 'app', 'courtesy']),
      orders: z.number().int(),
      tickets: z.number().int(),
      grossCents: z.number().int(),
    }),
  ),
  checkIns: z.object({
    checkedIn: z.number().int(),
    expected: z.number().int(),
    bySection: z.array(
      z.object({ section: z.string(), checkedIn: z.number().int(), expected: z.number().int() }),
    ),
    /** Issue 35: check-ins per gate (the empty name: no gate given), most first. */
    byGate: z.array(z.object({ gate: z.string(), checkedIn: z.number().int() })),
    /** The latest check-ins, newest first (at most 20). */
    recent: z.array(
      z.object({ at: z.string(), section: z.string(), ticket: z.string(), gate: z.string().nullable() }),
    ),
  }),
});
export type TProducerDashboard = z.infer<typeof ZProducerDashboard>;

/**
 * POST /api/staff/gate/check-ins: a gate scans a ticket's QR (issue 35 builds the offline scanner on
 * this call). The first check-in wins; a second scan answers `already_used` with when and where.
 */
export const ZCheckInRequest = z
  .object({
    qr: z.string().trim().min(20).max(2_000),
    /** The event the gate is checking in (a ticket of another event answers `wrong_event`). */
    eventId: z.number().int().positive(),
    gate: z.string().trim().max(40).optional(),
    /** Issue 35: the scanning device's id (the gate app's), kept as the check-in's device. */
    deviceId: z
      .string()
      .regex(/^[\w-]{8,64}$/)
      .optional(),
    /** Issue 35: the sections this gate admits (absent or empty: all); another's ticket is `wrong_sector`. */
    sections: z.array(z.string().trim().min(1).max(120)).max(100).optional(),
  })
  .strict();
export type TCheckInRequest = z.infer<typeof ZCheckInRequest>;
/**
 * Issue 35: the QR is either kind (static signed, or the rotating `BLT2.` text); the answer is one of
 * GATE_RESULTS (`stale_code`: a rotating code over ~30 s old; `static_not_accepted`: a static QR at
 * an event whose mode is `rotating`; `wrong_day`: not the event's day on the server's clock, nor the
 * next until 06:00; `wrong_sector`: a section the request's `sections` leaves out).
 */
export const CHECK_IN_RESULTS = GATE_RESULTS;
export const ZCheckInAnswer = z.object({
  result: z.enum(CHECK_IN_RESULTS),
  ticket: z
    .object({
      ticketId: z.string(),
      section: z.string(),
      ticket: z.string(),
      place: z.string().nullable(),
      holderName: z.string().nullable(),
      cpfMasked: z.string(),
      checkedInAt: z.string().nullable(),
      gate: z.string().nullable(),
    })
    .nullable(),
});
export type TCheckInAnswer = z.infer<typeof ZCheckInAnswer>;
