import type { TVisitorAnswer } from '@ingressos/contracts/visitor';
import { SIGNED_IN_HINT_COOKIE } from '@ingressos/contracts/visitor-hint';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { fail } from '../../modules/accounts/messages.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { getVisitor } from '../../modules/visitor/get-visitor.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import {
  clearSessionCookie,
  clearSignedInHint,
  sessionCookieName,
  setSessionCookie,
  setSignedInHint,
} from '../middleware/authenticate.ts';

/**
 * Issue 18: `GET /api/visitor`, what a page's frame shows of the logged-in visitor (null when
 * nobody is), renewing the session as every page's frame does. Shared pages are the same HTML for
 * everybody and ask it after load; it is the visitor's own, so no cache may keep it.
 */
export function visitorRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>().on(...endpoint('visitor', '/api'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const auth = c.get('auth');
    if (!auth) {
      const presented = c.get('sessionPresented');
      // Spec §4: a session that ended logs the visitor out (the cookie is cleared) and says so.
      if (presented === 'cookie') clearSessionCookie(c, s.config);
      if (presented) throw fail('unauthenticated', 'unauthenticated', c.get('locale'));
      if (getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined) clearSignedInHint(c, s.config);
      return c.json<TVisitorAnswer>({ user: null });
    }
    const { user, expiresAt } = await getVisitor({
      db: s.db,
      user: auth.user,
      session: auth.session,
      ttlDays: s.config.SESSION_TTL_DAYS,
      facts: auth.facts,
    });
    if (auth.via === 'cookie') {
      const token = getCookie(c, sessionCookieName(s.config.secureCookies));
      if (token && expiresAt !== auth.session.expiresAt) setSessionCookie(c, s.config, token, expiresAt);
      // Sessions begun before the hint existed get it on their next page.
      else if (getCookie(c, SIGNED_IN_HINT_COOKIE) === undefined) setSignedInHint(c, s.config, expiresAt);
    }
    return c.json<TVisitorAnswer>({ user });
  });
}
