import { AVAILABILITY } from '@ingressos/domain';
import { EXCLUSIVE_EMISSOR_TYPES } from '@ingressos/domain/exclusive-access';
import { z } from 'zod';

/**
 * The catalogue calls of commerce §7 "Events". One schema per request, used by the handler to
 * parse and by the pages to build the call; the answers are typed here too, with the field names
 * of the spec's Event, Ticket and Cart item so the cart can copy them.
 */

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
/**
 * Where an event's poster is served: the producer's upload (`/api/posters/<sha256>.webp`, issue 34)
 * when the event names one, else the poster the product draws (`/api/posters/<slug>.svg`).
 */
export function posterUrl(slug: string, posterId?: string | null): string {
  return posterId ? `/api/posters/${posterId}.webp` : `/api/posters/${slug}.svg`;
}

export const ZSlug = z.string().regex(SLUG_PATTERN, 'must be lower-case letters, digits and dashes');

// ---------------------------------------------------------------- requests

/** POST api/v2/getEventTicketsBySlug */
export const ZGetEventTicketsBySlugRequest = z.object({
  token: z.string().max(4096).nullish(),
  eventSlug: z.string().min(1).max(120),
});
export type TGetEventTicketsBySlugRequest = z.infer<typeof ZGetEventTicketsBySlugRequest>;

/** POST api/v2/website/GetSellingPointsByEvent */
export const ZGetSellingPointsByEventRequest = z.object({
  eventId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type TGetSellingPointsByEventRequest = z.infer<typeof ZGetSellingPointsByEventRequest>;

/** GET /api/eventgroup/{id}: the numeric id, or the group's slug (the page address uses it). */
export const ZEventGroupParam = z.union([z.string().regex(/^\d{1,9}$/), ZSlug]);

/** GET /api/events/search?s= */
export const ZSearchEventsQuery = z.object({ s: z.string().max(100).default('') });

// ---------------------------------------------------------------- answers

export const ZAvailability = z.enum(AVAILABILITY);

const ZImages = z.object({ poster: z.string() });

/** What a list (home, search, group) shows of an event. */
export const ZEventSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  date: z.string(),
  hour: z.string(),
  timeZone: z.string(),
  place: z.string(),
  city: z.string(),
  state: z.string(),
  currency: z.union([z.literal(0), z.literal(1)]),
  featured: z.boolean(),
  exclusive: z.boolean(),
  /** Lowest price on sale now (no fees); null when nothing is on sale. */
  minValue: z.number().nullable(),
  soldOut: z.boolean(),
  images: ZImages,
  group: z.object({ id: z.number(), slug: z.string(), name: z.string() }).nullable(),
});
export type TEventSummary = z.infer<typeof ZEventSummary>;

/** GET api/v3/nextEvents and assets/api/nextEvents.json: published events not yet over, by date. */
export const ZNextEventsResponse = z.object({ generatedAt: z.string(), events: z.array(ZEventSummary) });
export type TNextEventsResponse = z.infer<typeof ZNextEventsResponse>;

export const ZLot = z.object({
  id: z.number(),
  number: z.number(),
  value: z.number(),
  taxTotal: z.number(),
  availability: ZAvailability,
});
export type TLot = z.infer<typeof ZLot>;

/** Spec Ticket plus the Cart item fields that describe it; `lotId`/`available` are the lot on sale. */
export const ZTicket = z.object({
  id: z.number(),
  sectionId: z.number(),
  sectionName: z.string(),
  ticketName: z.string(),
  alias: z.string(),
  /** 0 ticket, 1 seat, 2 table (spec §4 derivation over the section). */
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  lotId: z.number(),
  lotNumber: z.number(),
  value: z.number(),
  taxTotal: z.number(),
  taxAppTotal: z.number(),
  LotProcessingFeeAdd: z.boolean(),
  LotProcessingFeeValue: z.number(),
  valueRefundServiceSite: z.number(),
  valueRefundServiceCommissioner: z.number(),
  available: z.number(),
  availability: ZAvailability,
  minQtd: z.number(),
  maxQtd: z.number(),
  bookAsAWhole: z.boolean(),
  noInterest: z.boolean(),
  ownerControl: z.boolean(),
  individualTicketControl: z.enum(['Sim', 'Não']),
  ticketByCpf: z.number().nullable(),
  onlineNote: z.string(),
  facialIsActive: z.boolean(),
  facialAtMomentOfPurchase: z.boolean(),
  /** Issue 36: its units are half-price (meia-entrada): each holder's category is asked at identification. */
  halfPrice: z.boolean(),
  lots: z.array(ZLot),
});
export type TTicket = z.infer<typeof ZTicket>;

/** A seat or a table (spec "coordinates"). `x`/`y` place it on the seat map. */
export const ZControlledPlace = z.object({
  controlledPlaceId: z.number(),
  alias: z.string(),
  row: z.string().nullable(),
  number: z.number().nullable(),
  tableNumber: z.number().nullable(),
  SeatsTable: z.boolean(),
  SeatsLocation: z.string(),
  min: z.number(),
  max: z.number(),
  available: z.number(),
  status: ZAvailability,
  x: z.number(),
  y: z.number(),
});
export type TControlledPlace = z.infer<typeof ZControlledPlace>;

export const ZSection = z.object({
  id: z.number(),
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  minQtd: z.number(),
  maxQtd: z.number(),
  bookAsAWhole: z.boolean(),
  /**
   * Issue 36: the section's half-price quota (null: the event sells no half-price): `available`
   * half-price units left, `soldOut` true when none is ('Meia-entrada esgotada').
   */
  halfPrice: z.object({ quota: z.number(), available: z.number(), soldOut: z.boolean() }).nullable(),
  tickets: z.array(ZTicket),
  controlledPlaces: z.array(ZControlledPlace),
});
export type TSection = z.infer<typeof ZSection>;

export const ZExclusiveEmissorType = z.enum(EXCLUSIVE_EMISSOR_TYPES);

/**
 * POST api/socialevents/validateExclusiveEmissor (commerce §7 "Exclusive access"). `binHolder` is
 * what the buyer typed: the first digits of a card for card issuers, else a code or a phone.
 */
export const ZValidateExclusiveEmissorRequest = z.object({
  eventId: z.coerce.number().int().positive().max(2_147_483_647),
  binHolder: z.string().max(64),
  type: ZExclusiveEmissorType,
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .nullish(),
});
export type TValidateExclusiveEmissorRequest = z.infer<typeof ZValidateExclusiveEmissorRequest>;

/** 200 answer: access granted to the cart session `sessionID` (the same one addtocart uses). */
export type TValidateExclusiveEmissorResponse = { result: true; sessionID: string; expiresAt: string };

/** POST api/v2/getEventTicketsBySlug and assets/api/getEventTicketsBySlug/{slug}.json (spec Event). */
export const ZEventTicketsResponse = z.object({
  generatedAt: z.string(),
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  ageRating: z.string(),
  /** The start instant (UTC); `hour` is the venue's local time, `timeZone` the venue's zone. */
  date: z.string(),
  hour: z.string(),
  timeZone: z.string(),
  currency: z.union([z.literal(0), z.literal(1)]),
  project: z.object({ id: z.number(), name: z.string() }),
  place: z.string(),
  address: z.string(),
  addressNumber: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  images: ZImages,
  group: z.object({ id: z.number(), slug: z.string(), name: z.string() }).nullable(),
  sendPixel: z.boolean(),
  exclusiveEmissorsAccess: z.array(z.object({ type: ZExclusiveEmissorType, name: z.string() })),
  maxTicketQuantityAddToCard: z.number(),
  facialIsActive: z.boolean(),
  facialValidationIsActive: z.boolean(),
  refundServiceSite: z.object({ IsActive: z.boolean(), percent: z.number() }),
  refundServiceComissioner: z.object({ IsActive: z.boolean(), percent: z.number() }),
  docType: z.number(),
  /**
   * Issue 36: half-price (meia-entrada) on this event: the quota's percent and the categories a
   * holder may claim (HALF_PRICE_CATEGORIES ids, @ingressos/domain/half-price has their labels and
   * laws); null when the event sells no half-price.
   */
  halfPrice: z.object({ quotaPercent: z.number(), categories: z.array(z.string()) }).nullable(),
  updatedAt: z.string(),
  sections: z.array(ZSection),
});
export type TEventTicketsResponse = z.infer<typeof ZEventTicketsResponse>;

/** GET /api/eventgroup/{id} and assets/api/eventgroup/{id}.json */
export const ZEventGroupResponse = z.object({
  generatedAt: z.string(),
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  images: ZImages,
  events: z.array(ZEventSummary),
});
export type TEventGroupResponse = z.infer<typeof ZEventGroupResponse>;

export const ZSellingPoint = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  openingHours: z.string(),
});
export const ZSellingPointsResponse = z.object({
  eventId: z.number(),
  sellingPoints: z.array(ZSellingPoint),
});
export type TSellingPointsResponse = z.infer<typeof ZSellingPointsResponse>;

export const ZSearchEventsResponse = z.object({ query: z.string(), events: z.array(ZEventSummary) });
export type TSearchEventsResponse = z.infer<typeof ZSearchEventsResponse>;
