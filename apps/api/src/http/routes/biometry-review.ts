import { ZBiometryReviewRequest, ZBiometryUuidParams } from '@ingressos/contracts/biometry';
import { type Context, Hono } from 'hono';
import { checkAdminToken } from '../../modules/admin/admin-token.ts';
import { decideBiometryReview } from '../../modules/biometry/decide-biometry-review.ts';
import { listBiometryReviews } from '../../modules/biometry/list-biometry-reviews.ts';
import type { TBiometryServices } from '../../modules/biometry/services.ts';
import { clientIp } from '../client-ip.ts';
import type { TAppEnv } from '../env.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/**
 * Staff calls of the manual review (issue 31 item 16), under /api/admin with X-Admin-Token: the
 * token is checked (and counted on the IP's limit) before anything is read.
 */
export function biometryReviewRoutes(s: TBiometryServices) {
  const admin = (c: Context<TAppEnv>) =>
    checkAdminToken({
      config: s.config,
      limits: s.limits,
      token: c.req.header('x-admin-token'),
      ip: clientIp(c, s.config.TRUST_PROXY_HOPS),
      locale: c.get('locale'),
    });
  return new Hono<TAppEnv>()
    .get('/admin/biometry/reviews', async (c) => {
      await admin(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await listBiometryReviews({ s }));
    })
    .post('/admin/biometry/reviews/:uuid', async (c) => {
      await admin(c);
      const locale = c.get('locale');
      const { uuid } = parseWithMessages(ZBiometryUuidParams, c.req.param(), locale);
      const input = parseWithMessages(ZBiometryReviewRequest, await readJsonBody(c), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await decideBiometryReview({ s, uuid, input, locale }));
    });
}
