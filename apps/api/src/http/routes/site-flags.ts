import { ZSiteFlagsPatch } from '@ingressos/contracts/site-flags';
import { Hono } from 'hono';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { changeSiteFlags } from '../../modules/site-flags/change-site-flags.ts';
import { siteFlagsAnswer } from '../../modules/site-flags/flags-answer.ts';
import type { TSiteFlagsStore } from '../../modules/site-flags/site-flags.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/**
 * GET /api/site/flags: the same for every visitor, so browsers and a CDN may keep it for the
 * refresh interval (a browser asks at most that often). PUT /api/admin/site-flags changes them.
 */
export function siteFlagsRoutes(s: {
  flags: TSiteFlagsStore;
  config: TConfig;
  limits: TRateLimits;
  log: TLogger;
}) {
  const maxAge = Math.max(1, Math.floor(s.flags.refreshMs / 1000));
  return new Hono<TAppEnv>()
    .on(...endpoint('siteFlags', '/api'), async (c) => {
      c.header('Cache-Control', `public, max-age=${maxAge}`);
      return c.json(siteFlagsAnswer(s.config, await s.flags.current(), s.flags.refreshMs));
    })
    .put('/admin/site-flags', async (c) => {
      const locale = c.get('locale');
      const patch = parseWithMessages(ZSiteFlagsPatch, await readJsonBody(c), locale);
      const state = await changeSiteFlags({
        ...s,
        token: c.req.header('x-admin-token'),
        ip: clientIp(c, s.config.TRUST_PROXY_HOPS),
        patch,
        locale,
        requestId: c.get('requestId'),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(siteFlagsAnswer(s.config, state, s.flags.refreshMs));
    });
}
