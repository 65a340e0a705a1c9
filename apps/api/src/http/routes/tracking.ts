import { ZSendPixelRequest } from '@ingressos/contracts/tracking';
import { Hono } from 'hono';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { sendPixel, type TTrackingServices } from '../../modules/tracking/send-pixel.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/** Commerce §7 "Tracking": POST api/website/SendPixel, rate-limited per IP. */
export function trackingRoutes(s: TTrackingServices, limits: TRateLimits) {
  return new Hono<TAppEnv>().on(...endpoint('sendPixel', '/api'), async (c) => {
    const locale = c.get('locale');
    const ip = clientIp(c, s.config.TRUST_PROXY_HOPS);
    await limits.consume('pixelIp', ip, locale);
    const input = parseWithMessages(ZSendPixelRequest, await readJsonBody(c), locale);
    const user = c.get('auth')?.user;
    c.header('Cache-Control', 'no-store');
    return c.json(
      await sendPixel({
        s,
        eventId: input.EventId,
        payloadText: input.payload,
        person: user
          ? {
              userId: user.id,
              email: user.email,
              ddiPhone: user.ddiPhone,
              phone: user.phone,
              name: user.name,
              document: user.document,
              nationality: user.nationality,
            }
          : null,
        client: { ip, userAgent: c.req.header('user-agent'), cookie: c.req.header('cookie') },
        locale,
      }),
    );
  });
}
