import { sql } from '../orm.ts';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from '../pg-core.ts';
import { orders, payments } from './checkout.ts';

/**
 * commerce §3 "Pending multi-payment": one order split across several cards. The order's
 * `payments` row stands for the whole (approved only when every part is); each row here is one
 * attempt to pay one part (`position`) with one card: its own charge at the gateway, made with
 * this row's id as the gateway's external reference and idempotency key. A declined attempt stays
 * as it was; a retry with another card is a new row (attempt + 1). Until a part is tried its row
 * reads 'awaiting'. At most one attempt per part may be live (not declined) at once.
 */
export const paymentParts = pgTable(
  'payment_parts',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    position: smallint('position').notNull(),
    attempt: smallint('attempt').notNull().default(1),
    /** This part's share of the order's total, as the buyer chose it. */
    valueCents: integer('value_cents').notNull(),
    /** What this attempt charges: the share plus its installment plan's interest. */
    amountCents: integer('amount_cents').notNull(),
    installments: smallint('installments').notNull().default(1),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    gatewayRef: text('gateway_ref'),
    /** 'awaiting' (not tried yet), then a payment status (packages/domain payment-status.ts). */
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    /** Only brand and last four digits, never more. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_parts_attempt').on(t.orderId, t.position, t.attempt),
    uniqueIndex('payment_parts_key').on(t.orderId, t.idempotencyKey),
    // Two retries of one part at once: exactly one is charged.
    uniqueIndex('payment_parts_live')
      .on(t.orderId, t.position)
      .where(sql`${t.status} not in ('rejected', 'failed', 'cancelled', 'expired')`),
    index('payment_parts_gateway_ref').on(t.gatewayRef),
    index('payment_parts_card_last4').on(t.cardLast4),
    index('payment_parts_open').on(t.status),
  ],
);
