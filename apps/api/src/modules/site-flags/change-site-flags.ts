import type { TSiteFlagsPatch } from '@ingressos/contracts/site-flags';
import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import { checkAdminToken } from '../admin/admin-token.ts';
import type { TSiteFlagsState, TSiteFlagsStore } from './site-flags.ts';

/**
 * PUT /api/admin/site-flags: an operator changes switches with the ADMIN_TOKEN of the
 * environment. Without a configured token nobody can; wrong tokens are rate-limited per IP. Every
 * change is logged with what changed (never the token).
 */
export async function changeSiteFlags(options: {
  flags: TSiteFlagsStore;
  config: TConfig;
  limits: TRateLimits;
  log: TLogger;
  token: string | undefined;
  ip: string;
  patch: TSiteFlagsPatch;
  locale: TLocale;
}): Promise<TSiteFlagsState> {
  const { ip } = options;
  await checkAdminToken(options);
  const state = await options.flags.set(options.patch);
  options.log.info('site flags changed', { changed: options.patch, ip });
  return state;
}
