import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TStatusWithEntry } from '../modules/queue/queue-status.ts';

const PREFIX = '/api/queue/';
const SLUG = /^[a-z0-9-]{1,120}$/;
/** The cart session as routes/cart.ts sessionOf() accepts it (an order's session never). */
const SESSION = /^[A-Za-z0-9_-]{16,64}$/;
const SESSION_COOKIE = /(?:^|;\s*)cart_session=([^;]*)/;

/**
 * The API's answers' headers (middleware/security-headers.ts for an API path, compress()'s Vary),
 * as the app sends them with a queue status: http/queue-fast-path.test.ts compares the two.
 */
const HEADERS = [
  'Cache-Control',
  'no-store',
  'Content-Security-Policy',
  "default-src 'none'; frame-ancestors 'none'",
  'Content-Type',
  'application/json',
  'Cross-Origin-Opener-Policy',
  'same-origin',
  'Cross-Origin-Resource-Policy',
  'same-origin',
  'Origin-Agent-Cluster',
  '?1',
  'Referrer-Policy',
  'strict-origin-when-cross-origin',
  'Vary',
  'Accept-Encoding',
  'X-Content-Type-Options',
  'nosniff',
  'X-DNS-Prefetch-Control',
  'off',
  'X-Download-Options',
  'noopen',
  'X-Frame-Options',
  'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies',
  'none',
  'X-XSS-Protection',
  '0',
];

/** The status a process can give without the database, or null (modules/queue/queue-view.ts). */
export type TFastQueueStatus = (
  slug: string,
  sessionId: string | undefined,
) => Promise<TStatusWithEntry | null>;

function sessionOf(request: IncomingMessage): string | undefined {
  const header = request.headers['x-session-id'];
  let candidate = typeof header === 'string' ? header : undefined;
  if (candidate === undefined) {
    const cookie = request.headers.cookie;
    const match = cookie ? SESSION_COOKIE.exec(cookie) : null;
    candidate = match ? match[1] : undefined;
  }
  return candidate && SESSION.test(candidate) && !candidate.startsWith('order_') ? candidate : undefined;
}

/**
 * Issue 37: the queue's status poll, the waiting room's hottest call, answered from the Node
 * listener before the app when the process's view of the queue can answer it (a waiting place far
 * from the front, an event without an active queue or sold out), with the body and headers the
 * route would send. Everything else (admitted, near the front, not remembered, an error) goes on
 * to the app unchanged, which decides passes and cookies. Like the snapshot files' fast path it
 * writes no request log line.
 */
export function withQueueStatusFastPath(
  status: TFastQueueStatus,
  next: RequestListener,
  options: { hsts?: boolean } = {},
): RequestListener {
  const secure = options.hsts ? ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] : [];
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(PREFIX)) return next(request, response);
    const query = url.indexOf('?');
    const slug = url.slice(PREFIX.length, query === -1 ? undefined : query);
    if (!SLUG.test(slug)) return next(request, response);
    status(slug, sessionOf(request)).then(
      (answer) => {
        if (!answer) return next(request, response);
        const { admittedSessionId: _session, admittedEntry: _entry, ...shown } = answer;
        const body = JSON.stringify({ ...shown, pass: null });
        const headers = [...HEADERS, ...secure, 'X-Request-Id', randomUUID()];
        if (shown.retryAfter !== null) headers.push('Retry-After', String(shown.retryAfter));
        headers.push('Content-Length', String(Buffer.byteLength(body)));
        response.writeHead(200, headers);
        response.end(body);
      },
      // The app answers what the view could not (a database error included, with its own status).
      () => next(request, response),
    );
  };
}
