import { index, pgTable, primaryKey, smallint, text, timestamp } from '../pg-core.ts';

/**
 * Issue 36: a wallet pass given to a ticket's holder. The serial is `<ticket id>.<qr version>`: a
 * transfer raises the version, so the old holder's pass keeps its serial and answers voided, and the
 * new holder's is another. `auth_token` is the pass's `authenticationToken` (Apple's web service).
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    serial: text('serial').primaryKey(),
    ticketId: text('ticket_id').notNull(),
    qrVersion: smallint('qr_version').notNull(),
    authToken: text('auth_token').notNull(),
    /** Google's object state last sent through the adapter (ACTIVE, EXPIRED); null: no Google object. */
    googleState: text('google_state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_passes_ticket').on(t.ticketId)],
);

/** Issue 36: a device registered for a pass's updates (Apple's PassKit web service). */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceId: text('device_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    serial: text('serial').notNull(),
    pushToken: text('push_token').notNull(),
    /** The last push sent to the device (APNs) for this pass; null: none yet (see created_at). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.passTypeId, t.serial] }),
    index('wallet_registrations_serial').on(t.serial),
  ],
);
