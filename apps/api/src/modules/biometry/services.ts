import {
  createBiometryProvider,
  type TBiometryProvider,
  type TFaceEngine,
} from '../../adapters/biometry/index.ts';
import { createSealedBox, type TSealedBox } from '../../adapters/biometry/sealed-box.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import type { TSiteFlagsStore } from '../site-flags/site-flags.ts';

/** What the biometry use-cases need, built once per process. */
export type TBiometryServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  limits: TRateLimits;
  provider: TBiometryProvider;
  /** Seals frames kept for a manual review (BIOMETRY_IMAGE_RETENTION_HOURS > 0). */
  box: TSealedBox;
  /** Signs enrolment tokens (the link-signing secret, with its own audience). */
  secret: () => Promise<Uint8Array>;
  /** The clock of expiries and review dates (tests move it). */
  now: () => Date;
  /** The site's remote switches (the manual review's hours). */
  flags: TSiteFlagsStore;
  /** Wakes the outbox's worker after a commit that wrote a message (a review's decision). */
  outbox: { nudge(): void };
};

export function createBiometryServices(options: {
  config: TConfig;
  db: TDb;
  log: TLogger;
  limits: TRateLimits;
  secret: () => Promise<Uint8Array>;
  engine: () => Promise<TFaceEngine>;
  now?: () => Date;
  flags: TSiteFlagsStore;
  outbox: { nudge(): void };
}): TBiometryServices {
  const { config, db } = options;
  return {
    db,
    config,
    log: options.log,
    limits: options.limits,
    provider: createBiometryProvider({ config, db, engine: options.engine }),
    box: createSealedBox(db, config.BIOMETRY_ENCRYPTION_KEY),
    secret: options.secret,
    now: options.now ?? (() => new Date()),
    flags: options.flags,
    outbox: options.outbox,
  };
}
