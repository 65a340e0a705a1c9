import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import type { TOutbox } from '../outbox/outbox-worker.ts';
import { createTotpBox, type TTotpBox } from './totp-secret-box.ts';

/** What the staff-account use-cases need; built once per process by the staff routes (or a CLI). */
export type TStaffServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  outbox: Pick<TOutbox, 'nudge'>;
  limits: TRateLimits;
  box: TTotpBox;
};

export function createStaffServices(options: {
  db: TDb;
  config: TConfig;
  log: TLogger;
  outbox: Pick<TOutbox, 'nudge'>;
  limits: TRateLimits;
  linkSecret: () => Promise<Uint8Array>;
}): TStaffServices {
  const { linkSecret, ...rest } = options;
  return { ...rest, box: createTotpBox(linkSecret) };
}

/** Who acts and from where: written on each audit line. */
export type TStaffRequest = { ip: string; requestId: string | null };
