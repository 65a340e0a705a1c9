import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TLogger } from '../logger.ts';

/** What the process builds once at start and every route can use. */
export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
};

/** Hono's per-request variables. */
export type TAppEnv = {
  Variables: {
    requestId: string;
    locale: TLocale;
    log: TLogger;
    secureHeadersNonce?: string;
  };
};
