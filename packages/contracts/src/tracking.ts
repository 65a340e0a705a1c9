import { PIXEL_EVENTS } from '@ingressos/domain/tracking';
import { z } from 'zod';

/**
 * Tracking (commerce §7): `POST api/website/SendPixel {EventId, payload}` where payload is a JSON
 * string. The browser sends what happened (the event name, its id for deduplication, the page and
 * what was in it); the server adds the buyer's hashed data from the session, the currency and, for
 * a Purchase, the value of the order itself, and sends it through the tracking adapter.
 */

/** An id the browser makes once per event (a UUID, or `purchase-<order id>`): the same id is counted once. */
export const ZPixelEventId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits, _ . : -');

const ZContent = z.object({
  id: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(1000),
  item_price: z.number().min(0).max(1_000_000),
});

/** What the payload string holds. */
export const ZPixelPayload = z
  .object({
    event_name: z.enum(PIXEL_EVENTS),
    event_id: ZPixelEventId,
    event_source_url: z.url().max(2048).optional(),
    /** Purchase: the order; its value and contents are read from it, never from here. */
    order_id: z.string().min(1).max(64).optional(),
    custom_data: z
      .object({
        value: z.number().min(0).max(10_000_000).optional(),
        contents: z.array(ZContent).max(50).optional(),
        content_name: z.string().max(200).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((p) => p.event_name !== 'Purchase' || Boolean(p.order_id), {
    message: 'a Purchase names its order_id',
    path: ['order_id'],
  });
export type TPixelPayload = z.infer<typeof ZPixelPayload>;

export const ZSendPixelRequest = z.object({
  EventId: z.coerce.number().int().positive().max(2_147_483_647),
  /** ZPixelPayload as a JSON string (the spec's shape). */
  payload: z.string().min(2).max(8192),
});
export type TSendPixelRequest = z.infer<typeof ZSendPixelRequest>;

/**
 * sent: handed to the tracking provider; duplicate: this event id was already counted;
 * ignored: the event does not send pixels (`sendPixel` off, or not in BRL), the visitor gave no marketing
 * consent, or the provider failed (logged; the page goes on).
 */
export const ZSendPixelAnswer = z.object({
  status: z.enum(['sent', 'duplicate', 'ignored']),
  reason: z.enum(['event_disabled', 'no_consent', 'provider_error']).optional(),
});
export type TSendPixelAnswer = z.infer<typeof ZSendPixelAnswer>;

/** One event as the local recorder keeps it (/_dev/pixel.json): hashed user data only. */
export const ZRecordedPixelEvent = z.object({
  id: z.string(),
  eventName: z.string(),
  eventId: z.string(),
  catalogueEventId: z.number(),
  pixelId: z.string(),
  body: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
