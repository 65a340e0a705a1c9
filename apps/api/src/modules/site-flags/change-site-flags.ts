import type { TSiteFlags, TSiteFlagsPatch } from '@ingressos/contracts/site-flags';
import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../accounts/rate-limits.ts';
import { checkAdminToken } from '../admin/admin-token.ts';
import { recordStaffAction } from '../staff/audit.ts';
import type { TStaff } from '../staff/roles.ts';
import type { TSiteFlagsState, TSiteFlagsStore } from './site-flags.ts';

/**
 * The one change of the switches, whoever asks (an administrator in the console, or the
 * X-Admin-Token call): the upsert and the staff audit line (before and after of the switches
 * named) in one transaction, then a log line. `by` null is the X-Admin-Token (no person known).
 */
export async function applySiteFlagsChange(options: {
  flags: TSiteFlagsStore;
  log: TLogger;
  patch: TSiteFlagsPatch;
  by: Pick<TStaff, 'id' | 'email'> | null;
  reason?: string | null;
  ip: string;
  requestId: string | null;
}): Promise<TSiteFlagsState> {
  const { flags, patch, ip } = options;
  const current = (await flags.current()).flags;
  const names = Object.keys(patch) as (keyof TSiteFlags)[];
  const before = Object.fromEntries(names.map((name) => [name, current[name]]));
  const state = await flags.set(patch, (tx) =>
    recordStaffAction(tx, {
      staff: options.by,
      action: 'site_flags.change',
      targetType: 'site_flags',
      targetId: 'site',
      before,
      after: patch,
      reason: options.reason ?? (options.by ? null : 'X-Admin-Token'),
      ip,
      requestId: options.requestId,
    }),
  );
  options.log.info('site flags changed', { changed: patch, ip, by: options.by?.id ?? 'admin-token' });
  return state;
}

/**
 * PUT /api/admin/site-flags: an operator changes switches with the ADMIN_TOKEN of the
 * environment. Without a configured token nobody can; wrong tokens are rate-limited per IP. Every
 * change is logged and audited with what changed (never the token).
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
  requestId?: string | null;
}): Promise<TSiteFlagsState> {
  await checkAdminToken(options);
  return applySiteFlagsChange({ ...options, by: null, requestId: options.requestId ?? null });
}
