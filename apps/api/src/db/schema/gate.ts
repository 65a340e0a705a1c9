import { sql } from '../orm.ts';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from '../pg-core.ts';
import { identityId } from './columns.ts';

/**
 * Issue 35: an event's rotation key (32 random bytes as base64url, created on first use by modules/gate/
 * rotation-keys.ts, the one writer). Each ticket's TOTP secret is derived from it; it goes only to
 * the gate app (gate/producer of the event, admin), never to a buyer. Its own table so no event
 * read (catalogue, export) can carry it by accident.
 */
export const eventRotationKeys = pgTable(
  'event_rotation_keys',
  {
    eventId: integer('event_id').primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('event_rotation_keys_length', sql`length(${t.key}) = 43`)],
);

/**
 * Issue 35: a device's check-in of a ticket another device had already checked in (the offline
 * gates' duplicates, for the operator's console). One writer: modules/gate/duplicates.ts. A retried
 * sync writes nothing twice: (duplicate_device, client_id) is unique.
 */
export const gateCheckInConflicts = pgTable(
  'gate_check_in_conflicts',
  {
    id: identityId(),
    ticketId: text('ticket_id').notNull(),
    eventId: integer('event_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    firstGate: text('first_gate'),
    firstDevice: text('first_device'),
    duplicateAt: timestamp('duplicate_at', { withTimezone: true }).notNull(),
    duplicateGate: text('duplicate_gate'),
    duplicateDevice: text('duplicate_device').notNull(),
    clientId: text('client_id').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gate_check_in_conflicts_client').on(t.duplicateDevice, t.clientId),
    index('gate_check_in_conflicts_event').on(t.eventId, t.reportedAt),
  ],
);
