import { sql } from '../orm.ts';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from '../pg-core.ts';
import { users } from './accounts.ts';

/**
 * An account's facial-biometry enrolment (accounts §4): `uuid` is the spec's biometry uuid,
 * `status` the spec's 0..7 (packages/domain/src/biometry.ts). An account has at most one
 * enrolment that is not finished or failed for good; its newest row is its status.
 * Only `modules/biometry` writes it, each move a conditional UPDATE from an allowed status.
 */
export const biometryEnrolments = pgTable(
  'biometry_enrolments',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    /** Failed captures so far (no face, two faces, challenge or liveness failed). */
    attempts: smallint('attempts').notNull().default(0),
    /** The event whose purchase asked for it, when one did. */
    eventId: integer('event_id'),
    /** MANUAL_VERIFICATION: the answer is due by then (BIOMETRY_MANUAL_REVIEW_HOURS). */
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('biometry_enrolments_user_idx').on(t.userId, t.createdAt),
    // One open enrolment (STARTED or IN_PROGRESS) per account.
    uniqueIndex('biometry_enrolments_open').on(t.userId).where(sql`${t.status} in (1, 5)`),
    check('biometry_enrolments_status', sql`${t.status} between 0 and 7`),
  ],
);

/**
 * Enrolment tokens (generateToken): the signed token carries this row's id, so a token works once
 * (`consumedAt`, set by the `create` that reaches a final status) and never past `expiresAt`.
 */
export const biometryTokens = pgTable(
  'biometry_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentUuid: uuid('enrolment_uuid')
      .notNull()
      .references(() => biometryEnrolments.uuid, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('biometry_tokens_enrolment_idx').on(t.enrolmentUuid)],
);

/**
 * The local provider's face store (adapters/biometry/local-face-store.ts): one descriptor per
 * subject (our user id), sealed with AES-256-GCM under BIOMETRY_ENCRYPTION_KEY (base64url of
 * iv | tag | ciphertext). Nothing else may read it.
 */
export const biometryFaces = pgTable('biometry_faces', {
  subjectId: uuid('subject_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Frames kept for a person's review of a MANUAL_VERIFICATION enrolment, only when
 * BIOMETRY_IMAGE_RETENTION_HOURS > 0: the best frame, sealed like the descriptors, purged at
 * `purgeAt` (and with the enrolment).
 */
export const biometryReviewImages = pgTable(
  'biometry_review_images',
  {
    enrolmentUuid: uuid('enrolment_uuid')
      .primaryKey()
      .references(() => biometryEnrolments.uuid, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
    purgeAt: timestamp('purge_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('biometry_review_images_purge_idx').on(t.purgeAt)],
);
