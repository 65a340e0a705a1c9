import { boolean, index, pgTable, text, timestamp, uuid } from '../pg-core.ts';
import { users } from './accounts.ts';

/**
 * A change of an account's e-mail waiting for the new address to confirm it (LGPD art. 18 III,
 * correction). The link carries `id` and a random code kept here only as SHA-256; it works once
 * (used_at) until expires_at, and only while the password is the one that asked for it
 * (password_fingerprint), so resetting the password voids a change the owner did not ask for.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the password hash when the change was asked for. */
    passwordFingerprint: text('password_fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/**
 * Accounts deleted at their owner's request (LGPD art. 18 VI): the proof the request was carried
 * out, and what makes a second request answer cleanly. The user row stays, anonymised, because
 * orders, payments and tickets (the tax and consumer-law record) point at it.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an account consented to (LGPD art. 8): the Terms of use and the Privacy policy at
 * registration, and each cookie choice (analytics, marketing: granted or refused), each with the
 * version and when. Rows are only added, so the latest of a kind is the current choice and the
 * earlier ones its history. Kept after an account is deleted: it is the proof that the data was
 * processed with consent.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** `terms_of_use`, `privacy_policy`, `cookies_analytics` or `cookies_marketing` (packages/domain/src/consent.ts). */
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** False: the choice refused this kind (a cookie category left off). */
    granted: boolean('granted').notNull().default(true),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId)],
);
