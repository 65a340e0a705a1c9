/**
 * Issue 18: a route whose HTML is the same for every visitor who is not logged in exports
 * `headers = sharedPageHeaders`. The server then keeps one copy per path, query, language and currency (commerce §1) in
 * memory and lets a CDN keep it briefly (apps/api/src/web/page-cache.ts); it never shares a page for a
 * logged-in visitor or commissioner mode, nor one that sets a cookie. A loader whose answer depends
 * on the visitor after all (the event page of a restricted pre-sale) sends `notShared` headers.
 */
export const SHARED_CACHE_CONTROL = 'public, s-maxage=5, stale-while-revalidate=30';

/** What a loader sends when this answer is this visitor's own. */
export const notShared = { 'Cache-Control': 'private, no-cache' } as const;

export function sharedPageHeaders({ loaderHeaders }: { loaderHeaders: Headers }): HeadersInit {
  const headers = new Headers(loaderHeaders);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', SHARED_CACHE_CONTROL);
  return headers;
}
