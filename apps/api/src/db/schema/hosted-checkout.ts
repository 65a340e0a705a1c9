import { index, integer, jsonb, pgTable, text, timestamp, uuid } from '../pg-core.ts';
import { users } from './accounts.ts';
import { orders } from './checkout.ts';

/**
 * A hosted checkout (commerce §7 `api/checkoutPro/create`): the gateway's payment page made for
 * one order, by its preference id. Only its buyer may cancel it; past `expiresAt` its order ends
 * unless a payment made there is found (the reconciler).
 */
export const hostedCheckouts = pgTable(
  'hosted_checkouts',
  {
    /** The gateway's preference id (unique per gateway; ours are unguessable anyway). */
    preferenceId: text('preference_id').primaryKey(),
    gateway: text('gateway').notNull(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    paymentId: text('payment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hosted_checkouts_expiry').on(t.expiresAt)],
);

/** The sandbox gateway's preferences (its hosted page), as a real gateway keeps them on its side. */
export const sandboxPreferences = pgTable('sandbox_preferences', {
  id: text('id').primaryKey(),
  /** Our payment id: what the payments made on the page carry. */
  externalRef: text('external_ref').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  title: text('title').notNull(),
  backUrls: jsonb('back_urls').$type<{ success: string; pending: string; failure: string }>().notNull(),
  /** open, then cancelled (by the seller) or paid; past expiresAt it takes nothing. */
  status: text('status').notNull().default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
