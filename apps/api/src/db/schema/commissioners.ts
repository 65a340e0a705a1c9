import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './catalogue.ts';

/**
 * Authorised resellers (commerce §3 "Commissioner", §6). A commissioner is reached by its public
 * `hash` (`/?id=<hash>`); `id` is the seller id its orders record. Loaded by the catalogue import.
 */
export const commissioners = pgTable('commissioners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  hash: text('hash').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The events each commissioner may sell. */
export const commissionerEvents = pgTable(
  'commissioner_events',
  {
    commissionerId: integer('commissioner_id')
      .notNull()
      .references(() => commissioners.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.commissionerId, t.eventId] }),
    index('commissioner_events_event').on(t.eventId),
  ],
);
