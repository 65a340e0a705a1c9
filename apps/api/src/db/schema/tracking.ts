import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from '../pg-core.ts';

/**
 * The local tracking recorder (TRACKING_PROVIDER=local, /_dev/pixel): each pixel event as it
 * would be sent to the Conversions API, user data hashed (never a raw e-mail, phone or CPF). One
 * row per (event name, event id): the same event sent twice, by a reload or by both the browser
 * and the server, is counted once, as the real provider deduplicates by the same pair.
 */
export const trackingLocalEvents = pgTable(
  'tracking_local_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventName: text('event_name').notNull(),
    eventId: text('event_id').notNull(),
    /** The catalogue event the pixel belongs to. */
    catalogueEventId: integer('catalogue_event_id').notNull(),
    pixelId: text('pixel_id').notNull(),
    /** The server event: event_name, event_time, event_id, action_source, user_data (hashed), custom_data. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_local_events_dedup').on(t.eventName, t.eventId)],
);
