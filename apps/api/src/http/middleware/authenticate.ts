import { SIGNED_IN_HINT_COOKIE } from '@ingressos/contracts/visitor-hint';
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { fail } from '../../modules/accounts/messages.ts';
import { findSession } from '../../modules/accounts/sessions.ts';
import { findSessionWithFacts } from '../../modules/visitor/get-visitor.ts';
import type { TAppEnv, TAuth } from '../env.ts';

export type { TAuth };

/** `__Host-` pins the cookie to this exact host over HTTPS; plain-http localhost cannot use it. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');

/**
 * The session the request presents. A session cookie whose value no token has the shape of is
 * still a session presented (token null): it ends like any other that does not renew (spec §4,
 * issue 31: taken for no cookie, it left a made-up `sid` in place and the login drawn with a 200).
 */
function readToken(c: Parameters<MiddlewareHandler>[0], cookieName: string) {
  const header = c.req.header('authorization');
  const bearer = header?.match(/^Bearer\s+([\w-]{20,100})$/i)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' as const };
  const cookie = getCookie(c, cookieName);
  if (cookie === undefined) return null;
  return { token: /^[\w-]{20,100}$/.test(cookie) ? cookie : null, via: 'cookie' as const };
}

/** Finds the session of the Bearer token or the session cookie; routes decide whether they need it. */
export function authenticate(db: TDb, config: TConfig): MiddlewareHandler<TAppEnv> {
  const cookieName = sessionCookieName(config.secureCookies);
  return async (c, next) => {
    const presented = readToken(c, cookieName);
    c.set('sessionPresented', presented?.via ?? null);
    if (presented?.token) {
      const token = presented.token;
      const shared = c.env?.sessions;
      let lookup = shared?.get(token);
      if (!lookup) {
        // A page's render also reads what its frame shows of the visitor, in the same statement.
        lookup = shared ? findSessionWithFacts(db, token) : findSession(db, token);
        shared?.set(token, lookup);
      }
      const found = await lookup;
      if (found) c.set('auth', { ...found, via: presented.via });
    }
    await next();
  };
}

/** The logged-in account, or a 401 'Dados do Usuario nao encontrado'. */
export function requireAuth(c: {
  get(key: 'auth'): TAuth | undefined;
  get(key: 'locale'): TAppEnv['Variables']['locale'];
}): TAuth {
  const auth = c.get('auth');
  if (!auth) throw fail('unauthenticated', 'unauthenticated', c.get('locale'));
  return auth;
}

export function setSessionCookie(
  c: Parameters<MiddlewareHandler>[0],
  config: TConfig,
  token: string,
  expiresAt: Date,
) {
  setCookie(c, sessionCookieName(config.secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.secureCookies,
    expires: expiresAt,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  });
  setSignedInHint(c, config, expiresAt);
}

/**
 * Issue 18: the session cookie's readable shadow (no token in it), which lives and dies with it:
 * shared pages ask `/api/visitor` only when it is there.
 */
export function setSignedInHint(c: Parameters<MiddlewareHandler>[0], config: TConfig, expiresAt: Date) {
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'Lax',
    secure: config.secureCookies,
    expires: expiresAt,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSignedInHint(c: Parameters<MiddlewareHandler>[0], config: TConfig) {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: config.secureCookies, sameSite: 'Lax' });
}

export function clearSessionCookie(c: Parameters<MiddlewareHandler>[0], config: TConfig) {
  deleteCookie(c, sessionCookieName(config.secureCookies), {
    path: '/',
    secure: config.secureCookies,
    httpOnly: true,
    sameSite: 'Strict',
  });
  clearSignedInHint(c, config);
}
