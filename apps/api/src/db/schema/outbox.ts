import { sql } from '../orm.ts';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from '../pg-core.ts';

/** A file sent with a message, kept (base64) so a retry sends the same bytes. */
export type TStoredAttachment = { filename: string; contentType: string; base64: string };

/** A message whose content is made by the worker (outside the transaction that asked for it). */
export type TRenderRequest = { kind: 'order_confirmation'; orderId: string; locale: string };

/**
 * Every e-mail and SMS the product sends, written in the transaction of what caused it and
 * delivered by the outbox worker (modules/outbox/deliver-outbox.ts). Not the development
 * `mail_outbox`, which is only the local mail transport's inbox.
 * - status: pending (waits or is being sent), sent, dead (gave up after OUTBOX_MAX_ATTEMPTS);
 * - claimed_until / claimed_by: the lease of the worker sending it; another may take it once
 *   claimed_until has passed (the sender died mid-send);
 * - render: set when the content is made at first delivery (the ticket PDFs), then stored in
 *   subject/html/text/attachments so every retry sends the same message.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    recipient: text('recipient'),
    subject: text('subject'),
    html: text('html'),
    /** The plain-text part of an e-mail, or the SMS body. */
    text: text('text'),
    attachments: jsonb('attachments').$type<TStoredAttachment[]>(),
    render: jsonb('render').$type<TRenderRequest>(),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    /** What the transport said last (addresses and long digit runs masked: no CPF, no codes). */
    lastError: text('last_error'),
    /** Callers that could ask twice for one message (a refund e-mail per order) name it here. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('outbox_messages_dedupe').on(t.dedupeKey),
    check('outbox_messages_content', sql`${t.render} is not null or ${t.recipient} is not null`),
  ],
);
