import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from '../pg-core.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Buyers. E-mail is stored lower-cased; document is the CPF's 11 digits or the foreign document upper-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    document: text('document').notNull(),
    /** 0 Brazilian, 1 others. */
    nationality: smallint('nationality').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** The legal guardian's document, for minors. */
    responsibleDocument: text('responsible_document'),
    /** 1 male, 2 female, 3 others, 4 prefer not to say; null for accounts that never answered. */
    gender: smallint('gender'),
    ddiPhone: text('ddi_phone').notNull(),
    phone: text('phone').notNull(),
    stateIbge: integer('state_ibge'),
    cityIbge: integer('city_ibge'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    marketingEmails: boolean('marketing_emails').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_document_key').on(t.document)],
);

/** Opaque session tokens: only their SHA-256 is kept, so a copy of this table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password reset codes: single use (used_at), short-lived, kept as SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The one pending phone code of a user (6 digits, hashed), with its failed attempts. */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  phone: text('phone').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The local mail outbox (no SMTP_URL): what would have been sent, read at /_dev/mailbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** The local SMS outbox (SMS_PROVIDER=local), read at /_dev/sms.json. */
export const smsOutbox = pgTable('sms_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** Answers of the local captcha already used: each is good for one request. */
export const captchaAnswers = pgTable('captcha_answers', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Rate-limit counters shared by every process on PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
