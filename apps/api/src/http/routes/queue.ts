import { ZQueueSlugParams } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { TDb } from '../../db/client.ts';
import { claimPass } from '../../modules/queue/claim-pass.ts';
import { getQueueStatus } from '../../modules/queue/get-queue-status.ts';
import { joinQueue, type TQueueEntry } from '../../modules/queue/join-queue.ts';
import type { TJoinThrottle } from '../../modules/queue/join-throttle.ts';
import { queuePassCookie, signQueuePass } from '../../modules/queue/queue-pass.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseWith } from '../request.ts';
import { rememberSession, sessionOf } from './cart.ts';

export type TQueueRouteOptions = {
  db: TDb;
  enabled: boolean;
  holdSeconds: number;
  passSeconds: number;
  secureCookies: boolean;
  secret: () => Promise<Uint8Array>;
  /** Issue 31: joins per IP and per cart session, with the captcha (null when QUEUE_JOIN_THROTTLE is off). */
  joinThrottle: TJoinThrottle | null;
  trustProxyHops: number;
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
  const answer = async (
    c: Context<TAppEnv>,
    slug: string,
    sessionId: string | undefined,
    joined?: { entry: TQueueEntry; admitted?: number | undefined },
  ) => {
    const userId = c.get('auth')?.user.id;
    const { admittedSessionId, admittedEntry, ...status } = await getQueueStatus(settings(c), {
      slug,
      sessionId,
      userId,
      entry: joined?.entry,
      admitted: joined?.admitted,
    });
    let pass: string | null = null;
    // Issue 31: one pass per account; an anonymous place is asked to log in first.
    if (status.state === 'admitted' && admittedEntry)
      status.passNeeds = !userId ? 'login' : (await claimPass(db, admittedEntry, userId)) ? null : 'account';
    if (status.state === 'admitted' && !status.passNeeds && admittedSessionId && status.passExpiresAt) {
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
    .on(...endpoint('queueStatus', '/api'), async (c) => {
      const { slug } = parseWith(c, ZQueueSlugParams, { slug: c.req.param('slug') });
      return answer(c, slug, sessionOf(c));
    })
    .on(...endpoint('joinQueue', '/api'), async (c) => {
      const { slug } = parseWith(c, ZQueueSlugParams, { slug: c.req.param('slug') });
      const sessionId = sessionOf(c);
      await options.joinThrottle?.admit(
        { ip: clientIp(c, options.trustProxyHops), sessionId, captchaToken: c.req.header(CAPTCHA_HEADER) },
        c.get('locale'),
      );
      const joined = await joinQueue(settings(c), {
        slug,
        sessionId,
        userId: c.get('auth')?.user.id,
      });
      rememberSession(c, joined.sessionId, options.secureCookies);
      return answer(c, slug, joined.sessionId, joined);
    });
}
