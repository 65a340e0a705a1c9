import { boolean, index, pgTable, primaryKey, text, timestamp } from '../pg-core.ts';
import { events } from './catalogue.ts';
import { identityId, parentId } from './columns.ts';

/**
 * Authorised resellers (commerce §3 "Commissioner", §6). A commissioner is reached by its public
 * `hash` (`/?id=<hash>`); `id` is the seller id its orders record. Loaded by the catalogue import.
 */
export const commissioners = pgTable('commissioners', {
  id: identityId(),
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
    commissionerId: parentId('commissioner_id', () => commissioners.id),
    eventId: parentId('event_id', () => events.id),
  },
  (t) => [
    primaryKey({ columns: [t.commissionerId, t.eventId] }),
    index('commissioner_events_event').on(t.eventId),
  ],
);
