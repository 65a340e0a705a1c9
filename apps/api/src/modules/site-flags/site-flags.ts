import { type TSiteFlags, type TSiteFlagsPatch, ZSiteFlags } from '@ingressos/contracts/site-flags';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { siteFlags } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import type { TLogger } from '../../logger.ts';

/** The environment's values: what a switch is while it has no row in `site_flags`. */
export function envFlags(config: TConfig): TSiteFlags {
  return {
    biometryFacialGlobal: config.BIOMETRY_FACIAL_GLOBAL,
    biometryRequiredOnLogin: config.BIOMETRY_REQUIRED_ON_LOGIN,
    biometryRequiredOnRegister: config.BIOMETRY_REQUIRED_ON_REGISTER,
    biometryManualReviewHours: config.BIOMETRY_MANUAL_REVIEW_HOURS,
    chatWidget: config.CHAT_WIDGET_ENABLED,
    crmForm: config.CRM_FORM_ENABLED,
  };
}

export type TSiteFlagsState = { flags: TSiteFlags; updatedAt: Date | null };

export type TSiteFlagsStore = {
  /** The switches, read from the database at most `refreshMs` ago (one read shared by concurrent callers). */
  current(): Promise<TSiteFlagsState>;
  /** The last switches read, without waiting (the environment's values before the first read). */
  peek(): TSiteFlagsState;
  /**
   * The only writer: upserts the given switches and reads them back at once in this process.
   * `within` runs in the same transaction (the staff audit line of the change, issue 33).
   */
  set(patch: TSiteFlagsPatch, within?: (tx: TDb) => Promise<void>): Promise<TSiteFlagsState>;
  readonly refreshMs: number;
};

/**
 * The site's remote switches, per process. Another process's change is seen here within
 * `refreshMs` (the next read after the cached one ages out); this process's own change at once.
 * A failed read keeps the last good switches (a flag must not flip because the database blinked).
 */
export function createSiteFlags(options: {
  db: TDb;
  config: TConfig;
  log: TLogger;
  now?: () => number;
}): TSiteFlagsStore {
  const { db, config, log } = options;
  const now = options.now ?? Date.now;
  const refreshMs = config.SITE_FLAGS_REFRESH_MS;
  const defaults = envFlags(config);
  let state: TSiteFlagsState = { flags: defaults, updatedAt: null };
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<TSiteFlagsState> | null = null;

  async function read(): Promise<TSiteFlagsState> {
    const rows = await db.select().from(siteFlags);
    const merged: Record<string, unknown> = { ...defaults };
    let updatedAt: Date | null = null;
    for (const row of rows) {
      if (!(row.key in defaults)) continue;
      merged[row.key] = row.value;
      if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
    }
    // A row another version wrote with a value this one cannot use falls back to the defaults.
    const parsed = ZSiteFlags.safeParse(merged);
    return { flags: parsed.success ? parsed.data : defaults, updatedAt };
  }

  function refresh(): Promise<TSiteFlagsState> {
    reading ??= read()
      .then((next) => {
        state = next;
        readAt = now();
        return next;
      })
      .catch((error: unknown) => {
        log.warn('site flags could not be read; keeping the last ones', {
          error: error instanceof Error ? error.message : String(error),
        });
        // Try again on the next call rather than hammering a database that is down.
        readAt = now() - refreshMs + Math.min(refreshMs, 5_000);
        return state;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    refreshMs,
    peek: () => state,
    current: () => (now() - readAt < refreshMs ? Promise.resolve(state) : refresh()),
    async set(patch, within) {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      await inTransaction(db, async (tx) => {
        if (entries.length > 0) {
          await tx
            .insert(siteFlags)
            .values(entries.map(([key, value]) => ({ key, value: value as boolean | number })))
            .onConflictDoUpdate({
              target: siteFlags.key,
              set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            });
        }
        await within?.(tx);
      });
      readAt = Number.NEGATIVE_INFINITY;
      return refresh();
    },
  };
}
