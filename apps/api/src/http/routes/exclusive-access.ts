import { ZValidateExclusiveEmissorRequest } from '@ingressos/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { newSessionId } from '../../db/ids.ts';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { exclusiveAccessUntil, validateExclusiveEmissor } from '../../modules/cart/exclusive-access.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseJsonBody, parseWith } from '../request.ts';
import { rememberSession, sessionOf } from './cart.ts';

export type TExclusiveAccessRouteOptions = {
  db: TDb;
  limits: TRateLimits;
  trustProxyHops: number;
  secureCookies: boolean;
};

const ZEventIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Commerce §7 "Exclusive access": the pre-sale pop-up's check, and whether this session passed it. */
export function exclusiveAccessRoutes(options: TExclusiveAccessRouteOptions) {
  const { db } = options;
  return new Hono<TAppEnv>()
    .on(...endpoint('validateExclusiveEmissor', '/api'), async (c) => {
      const locale = c.get('locale');
      const body = await parseJsonBody(c, ZValidateExclusiveEmissorRequest);
      // It checks a secret (a BIN has only a million values): every well-formed attempt counts,
      // right or wrong, so parallel guesses cannot slip past the count: per account or cart
      // session (a first try gets its session now, kept even when it fails), and per IP only as a
      // loose ceiling, since hundreds of buyers may share one carrier address (issue 31).
      const sessionId = sessionOf(c, body.sessionId) ?? newSessionId();
      rememberSession(c, sessionId, options.secureCookies);
      const visitor = c.get('auth')?.user.id ?? `session:${sessionId}`;
      await options.limits.consume('exclusiveCodeVisitor', visitor, locale);
      await options.limits.consume('exclusiveCodeIp', clientIp(c, options.trustProxyHops), locale);
      const granted = await validateExclusiveEmissor(db, { ...body, sessionId }, locale);
      rememberSession(c, granted.sessionId, options.secureCookies);
      c.header('Cache-Control', 'no-store');
      return c.json({
        result: true,
        sessionID: granted.sessionId,
        expiresAt: granted.expiresAt.toISOString(),
      });
    })
    .on(...endpoint('exclusiveAccess', '/api'), async (c) => {
      const eventId = parseWith(c, ZEventIdParam, c.req.param('eventId'));
      const sessionId = sessionOf(c);
      const until = sessionId ? await exclusiveAccessUntil(db, sessionId, eventId) : null;
      c.header('Cache-Control', 'no-store');
      return c.json({ access: until !== null, expiresAt: until?.toISOString() ?? null });
    });
}
