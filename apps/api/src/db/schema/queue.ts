import { sql } from '../orm.ts';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from '../pg-core.ts';
import { events } from './catalogue.ts';
import { parentId } from './columns.ts';

/**
 * The waiting room (issue 19, docs/waiting-room.md). A visitor's place is a `queue_entries` row,
 * one per browser session and one per account for each event. `rank` orders the queue: visitors
 * who arrived after the on-sale time get the microseconds since it (first come, first served);
 * those who arrived before have none until the draw at the start gives them a random negative
 * rank, so all of them go first and arriving earlier gives no edge. Admission sets `admitted_at`;
 * only modules/queue/admit-visitors.ts writes it, under the event's `event_queues` row lock.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: parentId('event_id', () => events.id),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    rank: bigint('rank', { mode: 'number' }),
    /**
     * How many places rank ahead of this one, admitted or not: the draw's order for early arrivals,
     * the join counter for later ones. Admission takes ranks in order, so the visitors still ahead
     * are this minus `event_queues.admitted`: a status poll reads two rows instead of counting.
     */
    placesBefore: bigint('places_before', { mode: 'number' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('queue_entries_session').on(t.eventId, t.sessionId),
    uniqueIndex('queue_entries_user').on(t.eventId, t.userId).where(sql`${t.userId} is not null`),
    // Who is ahead of a place, and who is next: the waiting part of the queue in rank order.
    index('queue_entries_waiting').on(t.eventId, t.rank, t.id).where(sql`${t.admittedAt} is null`),
  ],
);

/**
 * One row per event whose queue has started: the lock every admission takes, the admission
 * clock (a token bucket: the rate's budget accrues from `clock` to now), and how many were let in.
 */
export const eventQueues = pgTable('event_queues', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  clock: timestamp('clock', { withTimezone: true }).notNull(),
  admitted: integer('admitted').notNull().default(0),
  /** Places taken so far (each join counts once): a later arrival's `places_before`. */
  joined: integer('joined').notNull().default(0),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
});
