import { sql } from '../orm.ts';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from '../pg-core.ts';

/**
 * Issue 33: the people who run the site. Staff are not buyers: their own accounts, sessions and
 * cookie. `role` says what they may do (modules/staff/roles.ts); a producer's or gate agent's
 * `eventIds` limit them to those events. A password is set when the invitation is accepted;
 * TOTP is required before any staff call (`totpEnabledAt`).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** The events a producer or a gate agent is limited to; empty for the other roles. */
    eventIds: integer('event_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** 'invited' (no password yet), 'active', 'disabled'. */
    status: text('status').notNull().default('invited'),
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed with the server's key (modules/staff); null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of each unused recovery code. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email').on(t.email),
    check(
      'staff_accounts_role',
      sql`${t.role} in ('admin', 'support', 'biometry_reviewer', 'producer', 'gate')`,
    ),
    check('staff_accounts_status', sql`${t.status} in ('invited', 'active', 'disabled')`),
  ],
);

/**
 * Staff sessions (cookie `staff_sid`): only the token's SHA-256 is kept. `stage` 'password'
 * is the half-way session between the password and the second factor: it opens nothing but the
 * TOTP step; 'full' opens the console.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff').on(t.staffId),
    check('staff_sessions_stage', sql`${t.stage} in ('password', 'full')`),
  ],
);

/** An invitation e-mailed to a new staff member: single use, short-lived, kept as SHA-256. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_invitations_staff').on(t.staffId)],
);

/**
 * Every staff action: who, when, what, on what, before and after. Append-only: a trigger in
 * the migration refuses UPDATE and DELETE, so nobody (the application included) edits it.
 * Never holds a CPF or a card number; a person is named by id.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system (a CLI, a job acting on a staff member's earlier order). */
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('staff_audit_log_at').on(t.at),
    index('staff_audit_log_target').on(t.targetType, t.targetId, t.at),
    index('staff_audit_log_staff').on(t.staffId, t.at),
  ],
);

/**
 * A refund asked by staff (an order, some of its tickets, a refund-protection claim, an event's
 * cancellation): one row per charge to give money back on. 'due' until the gateway confirms;
 * `refundedBeforeCents` is what the charge had given back when the row was written, so a
 * refund retried after a crash first reads the gateway's total and never gives the money twice.
 * At most one refund due per charge at a time (the unique index), so that arithmetic holds.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    paymentId: text('payment_id').notNull(),
    /** The split card refunded, when the order was paid with several. */
    partId: text('part_id'),
    gateway: text('gateway').notNull(),
    gatewayRef: text('gateway_ref'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The order's tickets this refund voids (all of them for a full refund). */
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    reason: text('reason').notNull(),
    /** 'staff', 'protection', 'event_cancelled'. */
    kind: text('kind').notNull(),
    requestedBy: uuid('requested_by'),
    cancellationId: integer('cancellation_id'),
    status: text('status').notNull().default('due'),
    refundedBeforeCents: integer('refunded_before_cents').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order').on(t.orderId),
    uniqueIndex('refunds_one_due_per_charge')
      .on(t.paymentId, sql`coalesce(${t.partId}, '')`)
      .where(sql`${t.status} = 'due'`),
    index('refunds_due').on(t.nextAttemptAt).where(sql`${t.status} = 'due'`),
    index('refunds_cancellation').on(t.cancellationId, t.status),
    check('refunds_status', sql`${t.status} in ('due', 'done', 'failed')`),
    check('refunds_kind', sql`${t.kind} in ('staff', 'protection', 'event_cancelled')`),
    check('refunds_amount', sql`${t.amountCents} > 0`),
  ],
);

/**
 * An event (or one date of it) cancelled or postponed by staff: a durable job that refunds
 * every paid order of the event (cancel) and tells the buyers. Any process may run it under its
 * lease; progress is counted from `refunds` rows with this id.
 */
export const eventCancellations = pgTable(
  'event_cancellations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id').notNull(),
    /** 'cancel' refunds every paid order; 'postpone' tells the buyers the new date. */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    newStartsAt: timestamp('new_starts_at', { withTimezone: true }),
    requestedBy: uuid('requested_by'),
    /** 'running', 'done'. */
    status: text('status').notNull().default('running'),
    totalOrders: integer('total_orders').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_cancellations_running').on(t.eventId).where(sql`${t.status} = 'running'`),
    check('event_cancellations_kind', sql`${t.kind} in ('cancel', 'postpone')`),
    check('event_cancellations_status', sql`${t.status} in ('running', 'done')`),
  ],
);
