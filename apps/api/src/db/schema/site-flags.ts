import { jsonb, pgTable, text, timestamp } from '../pg-core.ts';

/**
 * The site's remote switches (accounts §7), one row per switch that was ever changed; a switch
 * without a row has the environment's value (config.ts). Written only by
 * modules/site-flags/site-flags.ts; every process reads them at most SITE_FLAGS_REFRESH_MS old.
 */
export const siteFlags = pgTable('site_flags', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<boolean | number>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
