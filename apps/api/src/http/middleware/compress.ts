import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/**
 * zlib's level for answers compressed as they are sent (personal pages, API answers). Issue 18: the
 * default (6, all that `CompressionStream` offers) took ~3.1 ms of CPU for a 92 KB page; 4 takes ~2.0 ms
 * for 3 % more bytes (28.5 KB against 27.6 KB). Shared pages are compressed once (web/page-cache.ts).
 */
export const DYNAMIC_GZIP_LEVEL = 4;
const THRESHOLD = 1024;
/** Above this, the body is compressed on libuv's thread pool instead of the event loop. */
const ASYNC_ABOVE = 128 * 1024;
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The encoding hono's compress() picks: gzip, else deflate, by q-value (a `*` counts for both). */
export function selectEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    if (name) q.set(name, Number.isNaN(value) ? 0 : value);
  }
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const weight = q.get(encoding) ?? q.get('*') ?? 0;
    if (weight === 1) return encoding;
    if (weight > 0 && (!best || weight > best.q)) best = { encoding, q: weight };
  }
  return best?.encoding;
}

/**
 * hono's compress() (same negotiation, threshold and types) at a chosen zlib level. The body is
 * read whole and compressed in one call: a page streamed through a zlib stream paid for a Web
 * stream adapter and one zlib write per React chunk (issue 18's profile of personal pages: ~8 % of
 * their CPU against ~1 % in one call). Nothing here streams for long: pages await their loaders
 * and API answers are whole; an event stream would be left alone (text/event-stream is skipped).
 */
export function compress(level = DYNAMIC_GZIP_LEVEL): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const length = res.headers.get('Content-Length');
    const type = res.headers.get('Content-Type');
    if (
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      c.req.method === 'HEAD' ||
      (length && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
      type.startsWith('text/event-stream')
    )
      return;
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) {
      const varied = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
      // On the answer's own headers (issue 37): c.header() on a finished answer rebuilds it around
      // a Web stream, which every JSON answer paid (a sixth of a queue join's CPU). An answer whose
      // headers cannot change (a fetched one) is rebuilt by c.header() as before.
      try {
        res.headers.set('Vary', varied);
      } catch {
        c.header('Vary', varied);
      }
    }
    const encoding = selectEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const options = { level };
    const packed =
      body.length < THRESHOLD
        ? null
        : body.length > ASYNC_ABOVE
          ? await (encoding === 'gzip' ? gzipAsync(body, options) : deflateAsync(body, options))
          : encoding === 'gzip'
            ? gzipSync(body, options)
            : deflateSync(body, options);
    c.res = new Response(packed ?? body, res);
    c.res.headers.set('Content-Length', String((packed ?? body).length));
    if (!packed) return;
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
