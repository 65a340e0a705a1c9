import { LOCALE_COOKIE, negotiateLocale } from '@ingressos/domain';
import { CURRENCY_COOKIE, displayCurrencyOf } from '@ingressos/domain/currency';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { TLogger } from '../../logger.ts';
import type { TAppEnv } from '../env.ts';

const INCOMING_ID = /^[\w-]{8,64}$/;

/**
 * Gives each request an id (reusing a sane X-Request-Id from a proxy), its language and currency, and a
 * logger carrying the id; logs one line when the answer is sent. Paths are logged without
 * their query string, which may hold a CPF or an e-mail.
 */
export function requestContext(log: TLogger): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    const requestLog = log.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    c.set('locale', negotiateLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language')));
    c.set('currency', displayCurrencyOf(getCookie(c, CURRENCY_COOKIE)));
    const started = performance.now();
    try {
      await next();
    } finally {
      // On the answer's own headers: c.header() on a finished answer rebuilds it around a stream,
      // which took pages kept in memory off the adapter's direct write (issue 18). An answer whose
      // headers cannot change (a fetched or redirect Response) is rebuilt by c.header() as before.
      try {
        c.res.headers.set('X-Request-Id', requestId);
      } catch {
        c.header('X-Request-Id', requestId);
      }
      const status = c.res.status;
      const fields = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500) requestLog.error('request', fields);
      else requestLog.info('request', fields);
    }
  };
}
