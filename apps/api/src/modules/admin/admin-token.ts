import { createHash, timingSafeEqual } from 'node:crypto';
import { API_MESSAGES } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../../config.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import { AppError } from '../app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The staff calls under /api/admin (the site's switches, the biometry reviews): header
 * X-Admin-Token = ADMIN_TOKEN. Every try counts on the IP's `adminIp` limit first, so a guesser
 * gets 429s; without a configured token nobody gets in (403 'Acesso negado.').
 */
export async function checkAdminToken(options: {
  config: TConfig;
  limits: TRateLimits;
  token: string | undefined;
  ip: string;
  locale: TLocale;
}): Promise<void> {
  const { config, token, locale } = options;
  await options.limits.consume('adminIp', options.ip, locale);
  const expected = config.ADMIN_TOKEN;
  // Equal-length digests: the comparison takes the same time whatever the guess.
  if (!expected || !token || !timingSafeEqual(digest(token), digest(expected)))
    throw new AppError('admin_forbidden', API_MESSAGES[locale].siteFlags.admin_forbidden);
}
