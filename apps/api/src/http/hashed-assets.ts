import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import type { TAppEnv } from './env.ts';
import { notFoundJson } from './errors.ts';

/**
 * Files named by their content's hash (Vite's builds): a name never changes its bytes, so caches
 * keep them a year. The header is set on the answer once the file is found: serveStatic's
 * `onFound` runs after its Response is made, too late for a header (seen with @hono/node-server
 * 2.1: the storefront's assets went out with no Cache-Control at all). A missing file, or another
 * method than GET and HEAD, is the JSON 404. Mount it with `app.all` (files, not API calls: the
 * OpenAPI check leaves catch-alls out).
 */
export function hashedAssets(options: { root: string; rewriteRequestPath?: (path: string) => string }) {
  const serve = serveStatic({ ...options, precompressed: true });
  return async (c: Context<TAppEnv>) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notFoundJson(c);
    const found = await serve(c, async () => {});
    if (!found) return notFoundJson(c);
    found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return found;
  };
}
