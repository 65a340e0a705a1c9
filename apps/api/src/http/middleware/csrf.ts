import type { TLocale } from '@ingressos/domain';
import type { MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { apiMessage } from '../../modules/accounts/messages.ts';
import { errorBody } from '../errors.ts';

/**
 * Form-like writes must come from our own pages: a form-like POST (the only kind a foreign page
 * can send without a CORS preflight) needs Sec-Fetch-Site: same-origin or an Origin equal to this
 * site's, with or without cookies (a forged login carries none). JSON writes need a preflight we never grant, and Bearer clients carry no
 * cookie (a foreign page cannot set Authorization without a preflight), so both pass. SameSite=Strict on the session cookie is the second layer.
 */
export function csrfProtection(publicUrl: string): MiddlewareHandler {
  const check = csrf({ origin: (origin, c) => origin === new URL(c.req.url).origin || origin === publicUrl });
  return async (c, next) => {
    // A page on another site cannot set Authorization without a preflight: Bearer calls pass.
    if (c.req.header('authorization')) return next();
    // Only POST is a "simple" write a foreign page can send without a preflight. Cookies or not:
    // a foreign form that logs the visitor into the attacker's account (login CSRF) carries none.
    if (c.req.method !== 'POST') return next();
    try {
      await check(c, next);
    } catch (error) {
      if (!(error instanceof HTTPException) || error.status !== 403) throw error;
      return c.json(errorBody('csrf', apiMessage('csrf', c.get('locale') as TLocale)), 403);
    }
  };
}
