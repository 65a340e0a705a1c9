import { pgTable, text, timestamp } from '../pg-core.ts';

/** Small key/value facts about this installation (first start, demo data version, ...). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
