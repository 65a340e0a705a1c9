import { sql } from '../orm.ts';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from '../pg-core.ts';
import { users } from './accounts.ts';
import { orders, tickets } from './checkout.ts';

/**
 * Transfer states (their names are not in the spec): 0 pending (the ticket waits for the
 * destination to accept), 1 confirmed, 2 cancelled by the sender, 3 returned to the sender.
 */
export const TRANSFER_STATUS = { PENDING: 0, CONFIRMED: 1, CANCELLED: 2, RETURNED: 3 } as const;

/**
 * A ticket on its way to another person, found by CPF ("Transfer entry": destinationCpf,
 * indexItem). Purchases create them from the identification's transfer entries; a ticket has at
 * most one pending transfer.
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** The purchase that asked for it, when it came from the identification. */
    orderId: text('order_id').references(() => orders.id),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    destinationCpf: text('destination_cpf').notNull(),
    /** The account holding that CPF when the transfer was made (null: none yet). */
    destinationUserId: uuid('destination_user_id').references(() => users.id),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_transfers_pending').on(t.ticketId).where(sql`${t.status} = 0`),
    index('ticket_transfers_destination').on(t.destinationCpf, t.status),
    index('ticket_transfers_from').on(t.fromUserId, t.status),
    index('ticket_transfers_destination_user').on(t.destinationUserId, t.status),
    check('ticket_transfers_status', sql`${t.status} in (0, 1, 2, 3)`),
  ],
);

/**
 * The sender's e-mailed confirmation code (spec "Validation e-mail notification" and "Validate
 * transfer code"): 6 digits, hashed, 10 minutes, five tries. A right code opens a 15-minute
 * window (verifiedUntil) in which the account may send tickets.
 */
export const transferCodes = pgTable('transfer_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  verifiedUntil: timestamp('verified_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
