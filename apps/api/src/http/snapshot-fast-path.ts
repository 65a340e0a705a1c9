import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TSnapshotStore } from '../modules/catalogue/snapshot-store.ts';

export const SNAPSHOT_PREFIX = '/assets/api/';
/** Snapshots follow availability: browsers and CDNs may keep one 2 s, then must revalidate (ETag). */
export const SNAPSHOT_CACHE_CONTROL = 'public, max-age=2, must-revalidate';

/** A JSON file needs no script policy at all; these are the app's own security headers for it. */
const HEADERS = {
  'Cache-Control': SNAPSHOT_CACHE_CONTROL,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  Vary: 'Accept-Encoding',
};

/** Flat [name, value, ...] list: the cheapest form for writeHead. */
const HEADER_LIST = [...Object.entries(HEADERS).flat(), 'Content-Type', 'application/json; charset=utf-8'];

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * Serves existing snapshot files straight from the Node listener, the way a static file server in
 * front of the app would, so the cheapest read of the catalogue costs what a static file costs
 * (bench/run.ts). Anything else, a missing file included, goes on to the app unchanged.
 */
export function withSnapshotFastPath(
  store: TSnapshotStore,
  next: RequestListener,
  options: { hsts?: boolean } = {},
): RequestListener {
  // Under https the files carry HSTS like every other answer of the site.
  const secure = options.hsts ? ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] : [];
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !url.startsWith(SNAPSHOT_PREFIX)) {
      return next(request, response);
    }
    const query = url.indexOf('?');
    let relative: string;
    try {
      relative = decodeURIComponent(url.slice(SNAPSHOT_PREFIX.length, query === -1 ? undefined : query));
    } catch {
      return next(request, response);
    }
    const file = store.read(relative);
    if (!file) return next(request, response);
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, [...Object.entries(HEADERS).flat(), ...secure, 'ETag', file.etag]);
      response.end();
      return;
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = encoding ? file.encoded(encoding) : file.body;
    const headers = [...HEADER_LIST, ...secure, 'ETag', file.etag, 'Content-Length', String(body.length)];
    if (encoding) headers.push('Content-Encoding', encoding);
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
