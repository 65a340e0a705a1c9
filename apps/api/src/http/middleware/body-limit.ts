import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * hono's bodyLimit(), decided from the headers when they decide it (issue 37): its first look,
 * `c.req.raw.body`, makes the Node adapter build a whole Web Request with a stream for the body on
 * every call, even a GET or one whose Content-Length already answers. A request without a body
 * goes on; one whose Content-Length (without Transfer-Encoding: Node's parser holds the body to
 * it) is over `maxSize` is refused unread; the rest (chunked) are counted as they stream, by hono's.
 */
export function apiBodyLimit(maxSize: number, onError: (c: Context) => Response): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
    return counted(c, next);
  };
}
