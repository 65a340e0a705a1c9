import { ZQueueSlugParams } from '@ingressos/contracts';
import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { TDb } from '../../db/client.ts';
import { getQueueStatus } from '../../modules/queue/get-queue-status.ts';
import { joinQueue } from '../../modules/queue/join-queue.ts';
import { queuePassCookie, signQueuePass } from '../../modules/queue/queue-pass.ts';
import type { TAppEnv } from '../env.ts';
import { parseWith } from '../parse-json.ts';
import { rememberSession, sessionOf } from './cart.ts';

export type TQueueRouteOptions = {
  db: TDb;
  enabled: boolean;
  holdSeconds: number;
  passSeconds: number;
  secureCookies: boolean;
  secret: () => Promise<Uint8Array>;
};

/**
 * The waiting room (issue 19, docs/waiting-room.md): a browser's place is keyed by its cart session
 * (the cookie the cart uses; joining creates it) and, when logged in, its account. An admitted
 * visitor gets the pass as an HttpOnly cookie bound to that session; `addtocart` checks it.
 */
export function queueRoutes(options: TQueueRouteOptions) {
  const { db } = options;
  const settings = (c: Context<TAppEnv>) => ({
    db,
    locale: c.get('locale'),
    enabled: options.enabled,
    holdSeconds: options.holdSeconds,
    passSeconds: options.passSeconds,
  });
  const answer = async (c: Context<TAppEnv>, slug: string, sessionId: string | undefined) => {
    const { admittedSessionId, ...status } = await getQueueStatus(settings(c), {
      slug,
      sessionId,
      userId: c.get('auth')?.user.id,
    });
    let pass: string | null = null;
    if (status.state === 'admitted' && admittedSessionId && status.passExpiresAt) {
      const expiresAt = new Date(status.passExpiresAt);
      pass = signQueuePass(await options.secret(), status.eventId, admittedSessionId, expiresAt);
      setCookie(c, queuePassCookie(status.eventId), pass, {
        path: '/',
        expires: expiresAt,
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secureCookies,
      });
    }
    c.header('Cache-Control', 'no-store');
    if (status.retryAfter !== null) c.header('Retry-After', String(status.retryAfter));
    return c.json({ ...status, pass });
  };

  return new Hono<TAppEnv>()
    .get('/queue/:slug', async (c) => {
      const { slug } = parseWith(c, ZQueueSlugParams, { slug: c.req.param('slug') });
      return answer(c, slug, sessionOf(c));
    })
    .post('/queue/:slug/join', async (c) => {
      const { slug } = parseWith(c, ZQueueSlugParams, { slug: c.req.param('slug') });
      const joined = await joinQueue(settings(c), {
        slug,
        sessionId: sessionOf(c),
        userId: c.get('auth')?.user.id,
      });
      rememberSession(c, joined.sessionId, options.secureCookies);
      return answer(c, slug, joined.sessionId);
    });
}
