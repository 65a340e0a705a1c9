import type { Context, MiddlewareHandler } from 'hono';
import type { TAppEnv } from '../http/env.ts';
import { filledGzip, filledText, holedDocument, type THoledDocument } from './gzip-with-holes.ts';

/**
 * Issue 18: the pages a visitor who is not logged in sees (home, event, group, seat map, search,
 * static pages) are the same for every such visitor, so each process keeps their HTML, compressed
 * once, and answers the next identical request from memory. A page is kept only when its route
 * says it may be shared (`Cache-Control: public…`, apps/web/app/shared/shared-page.ts), it answered
 * 200 without setting a cookie, and the request carried no session and no commissioner mode. An
 * entry is stale as soon as the catalogue (revision or stock) or the site switches move.
 * A logged-in visitor (session cookie and its readable hint) asking for a page, not its data, gets
 * the same kept copy: it was rendered without any session, and the browser asks `/api/visitor`
 * for the greeting and the bell after load. When there is no copy yet, the page is rendered for
 * them as for nobody (and kept); a page that then turns out not to be shared is rendered again as theirs.
 * The CSP nonce differs per response: such pages are rendered with NONCE_HOLE in its place and
 * every response fills in its own (gzip-with-holes.ts).
 */
export const NONCE_HOLE = 'bilhetoN0nceH0le7f3a9c2e';

/** What a CDN may do with a shared page: keep it 5 s, and serve it stale for 30 s while it asks again. */
export const SHARED_CACHE_CONTROL = 'public, s-maxage=5, stale-while-revalidate=30';
/** Pages that must not be shared by a CDN (a logged-in visitor's, commissioner mode's). */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sid=/;
/** SIGNED_IN_HINT_COOKIE of packages/contracts/src/visitor-hint.ts: the browser knows it holds a session. */
const SIGNED_IN_HINT = /(?:^|;\s*)signed_in=1(?:;|$)/;
const COMMISSIONER_COOKIE = /(?:^|;\s*)commissioner=/;
/** gzip listed, and not refused with q=0. */
const ACCEPTS_GZIP = /\bgzip\b(?!\s*;\s*q=0(?:\.0+)?\s*(?:,|$))/i;
/** Headers of the rendered page that are not replayed (the body's own, and per-response ones). */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'set-cookie']);

type TEntry = {
  version: string;
  status: number;
  headers: [string, string][];
  document: THoledDocument;
};

export type TPageCacheOptions = {
  /** Upper bound of the bytes held (plain and compressed parts); least recently used go first. */
  maxBytes: number;
  /** Changes whenever what any shared page shows may have changed (catalogue, site switches). */
  version: () => string;
};

/**
 * Whether this request may be answered with the shared copy of a page: `anonymous` may fill it too,
 * `member` (a session and its hint, a page's HTML rather than its data) is rendered without its
 * session to fill it; null when the page is this visitor's own.
 */
export function sharing(request: Request): 'anonymous' | 'member' | null {
  if (request.method !== 'GET') return null;
  const cookie = request.headers.get('cookie') ?? '';
  if (COMMISSIONER_COOKIE.test(cookie)) return null;
  // commerce §2: `/?id=<hash>` turns commissioner mode on.
  const url = new URL(request.url);
  if (url.pathname === '/' && url.searchParams.has('id')) return null;
  if (!SESSION_COOKIE.test(cookie)) return 'anonymous';
  // A client navigation's data carries the root's user: the shell reads it there.
  return SIGNED_IN_HINT.test(cookie) && !url.pathname.endsWith('.data') ? 'member' : null;
}

/** The same request as a visitor without a session would send it (its other cookies kept). */
function withoutSession(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  const cookie = (headers.get('cookie') ?? '')
    .split(/;\s*/)
    .filter((pair) => pair && !/^(?:__Host-)?sid=/.test(pair))
    .join('; ');
  if (cookie) headers.set('cookie', cookie);
  else headers.delete('cookie');
  return new Request(request.url, { method: request.method, headers });
}

export function createPageCache(options: TPageCacheOptions) {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, TEntry>();
  /** Renders under way, by key: what requests for the same page wait for (null: not shareable). */
  const rendering = new Map<string, Promise<TEntry | null>>();
  /** Pages found not to be shared at a version, by key: a logged-in visitor's is rendered once, as theirs. */
  const unshared = new Map<string, string>();
  /**
   * Pages whose route never shares (no Cache-Control of its own: cart, payment, account, My tickets),
   * at any version: the stock moves many times a second in a sale, and a version-bound memory had
   * their every visit by a logged-in buyer rendered twice, once for nobody and once as theirs.
   */
  const personal = new Set<string>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  // Path and query only: the Host header is the visitor's to choose, the language is negotiated,
  // and the currency switch's choice (commerce §1) picks the prices drawn: one copy per currency.
  const keyOf = (c: Context<TAppEnv>) => {
    const url = c.req.url;
    return `${c.get('locale')} ${c.get('currency')} ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
  };

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.document.bytes;
  }

  function keep(key: string, entry: TEntry) {
    drop(key);
    if (entry.document.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.document.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  }

  function answer(c: Context<TAppEnv>, entry: TEntry): Response {
    const nonce = c.get('secureHeadersNonce') ?? '';
    const headers = new Headers(entry.headers);
    const gzip = ACCEPTS_GZIP.test(c.req.header('accept-encoding') ?? '');
    const body = gzip ? filledGzip(entry.document, nonce) : filledText(entry.document, nonce);
    if (gzip) headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(body.length));
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      status: entry.status,
      headers,
    });
  }

  return {
    /** Middleware: answers from memory when this request may share a page kept for its key. */
    serve: (async (c, next) => {
      if (!sharing(c.req.raw)) return next();
      const key = keyOf(c);
      let entry = entries.get(key);
      if (entry && entry.version !== options.version()) {
        drop(key);
        entry = undefined;
      }
      if (!entry) {
        // A rush after a change waits for the one render already under way instead of rendering
        // the same page once per connection (the p99 of a sale); when that page turned out not to
        // be shareable (or is served by another route), each request goes on by itself.
        const pending = rendering.get(key);
        if (!pending) {
          let settle: (kept: TEntry | null) => void = () => {};
          rendering.set(key, new Promise<TEntry | null>((resolve) => (settle = resolve)));
          try {
            await next();
          } finally {
            rendering.delete(key);
            settle(entries.get(key) ?? null);
          }
          return;
        }
        const rendered = await pending;
        if (rendered?.version === options.version()) entry = rendered;
      }
      if (!entry) return next();
      hits += 1;
      entries.delete(key);
      entries.set(key, entry);
      return answer(c, entry);
    }) satisfies MiddlewareHandler<TAppEnv>,

    /**
     * Renders a page through `render(nonce, request)`: for a request that may share pages, with
     * NONCE_HOLE (and without its session), keeping the result when the page may be shared;
     * otherwise as before, with its Cache-Control never letting a CDN share it.
     */
    async render(
      c: Context<TAppEnv>,
      render: (nonce: string, request: Request) => Promise<Response>,
    ): Promise<Response> {
      const nonce = c.get('secureHeadersNonce') ?? '';
      const who = sharing(c.req.raw);
      const key = keyOf(c);
      const version = options.version();
      if (!who || personal.has(key) || (who === 'member' && unshared.get(key) === version))
        return privately(await render(nonce, c.req.raw));
      misses += 1;
      const request = who === 'member' ? withoutSession(c.req.raw) : c.req.raw;
      const result = await renderShared((n) => render(n, request), version, nonce);
      if (result instanceof Response) {
        if (unshared.size > 10_000) unshared.clear();
        unshared.set(key, version);
        if (!result.headers.has('cache-control')) {
          if (personal.size > 10_000) personal.clear();
          personal.add(key);
        }
        if (who === 'anonymous') return result;
        // Rendered for nobody, it is not the same for everybody (a pre-sale's access, a queue): theirs.
        await result.body?.cancel();
        return privately(await render(nonce, c.req.raw));
      }
      keep(key, result);
      return answer(c, result);
    },

    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

/** The page rendered with NONCE_HOLE: an entry to keep, or the response itself when it may not be shared. */
async function renderShared(
  render: (nonce: string) => Promise<Response>,
  version: string,
  nonce: string,
): Promise<TEntry | Response> {
  const response = await render(NONCE_HOLE);
  const text = await response.text();
  const shared =
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
  const headers = new Headers(response.headers);
  if (!shared) {
    if (/\bpublic\b/.test(headers.get('cache-control') ?? ''))
      headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return new Response(text.replaceAll(NONCE_HOLE, nonce), { status: response.status, headers });
  }
  // A CDN keys the copy by what picks the language and by the cookies that make a page personal.
  // The copy is sent gzipped or plain as the request accepts.
  headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  return {
    version,
    status: response.status,
    headers: [...headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
    document: holedDocument(text, NONCE_HOLE),
  };
}

export type TPageCache = ReturnType<typeof createPageCache>;

function privately(response: Response): Response {
  if (!/\bpublic\b/.test(response.headers.get('cache-control') ?? '')) return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
