import { createHash, timingSafeEqual } from 'node:crypto';
import type { TSiteFlagsPatch } from '@ingressos/contracts/site-flags';
import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import { AppError } from '../app-error.ts';
import { siteFlagsMessage } from './messages.ts';
import type { TSiteFlagsState, TSiteFlagsStore } from './site-flags.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

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
  const { config, limits, token, ip, locale } = options;
  await limits.consume('adminIp', ip, locale);
  const expected = config.ADMIN_TOKEN;
  // Equal-length digests: the comparison takes the same time whatever the guess.
  if (!expected || !token || !timingSafeEqual(digest(token), digest(expected)))
    throw new AppError('admin_forbidden', siteFlagsMessage('admin_forbidden', locale));
  const state = await options.flags.set(options.patch);
  options.log.info('site flags changed', { changed: options.patch, ip });
  return state;
}
