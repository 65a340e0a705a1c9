import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import type { TAppEnv } from './env.ts';
import { notFoundJson } from './errors.ts';
import { hashedAssets } from './hashed-assets.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** scripts/build-console.ts writes it; `npm start` and `npm test` build it when stale. */
export const CONSOLE_BUILD_DIR = path.join(repoRoot, 'apps/console/build');
export const CONSOLE_PATH = '/console';

const NOT_BUILT =
  'O console não foi construído: rode `npm run build` (ou `npm start`, que o constrói quando falta).';

/**
 * Issue 33: the operator's console, a single-page app of its own bundle. Every path under /console
 * answers its index.html (the app routes in the browser), never stored by a cache: a new build
 * names new assets. Its hashed assets are kept a year, like the storefront's. The page's CSP (the
 * storefront's) allows it as is: the app loads only 'self' scripts, no inline one.
 */
export function consoleRoutes(dir: string = CONSOLE_BUILD_DIR) {
  const app = new Hono<TAppEnv>();
  const root = path.relative(process.cwd(), dir) || '.';
  let index: string | null = null;
  const readIndex = () => {
    if (index === null) {
      try {
        index = readFileSync(path.join(dir, 'index.html'), 'utf8');
      } catch {
        return null;
      }
    }
    return index;
  };

  app.all(
    `${CONSOLE_PATH}/assets/*`,
    hashedAssets({ root, rewriteRequestPath: (p) => p.slice(CONSOLE_PATH.length) }),
  );
  const page = (c: Context<TAppEnv>) => {
    c.header('Cache-Control', 'no-store');
    const html = readIndex();
    if (html === null) return c.text(NOT_BUILT, 503);
    // The language of the storefront's choice (its `lang` cookie, else Accept-Language).
    return c.html(html.replace('<html lang="pt-BR">', `<html lang="${c.get('locale')}">`));
  };
  // Issue 35, the gate app: its service worker (never cached by HTTP, so a new one is found; its
  // scope is the gate's page), its manifest and icons, from the build's root (apps/console/public).
  const GATE_FILES: Record<string, string> = {
    'gate-sw.js': 'text/javascript; charset=utf-8',
    'gate.webmanifest': 'application/manifest+json',
    'gate-icon.svg': 'image/svg+xml',
    'gate-icon-192.png': 'image/png',
    'gate-icon-512.png': 'image/png',
  };
  for (const [name, type] of Object.entries(GATE_FILES)) {
    // Files of the console's build like its assets (not API calls: the OpenAPI document leaves them out).
    app.all(`${CONSOLE_PATH}/${name}`, (c) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notFoundJson(c);
      let body: Buffer;
      try {
        body = readFileSync(path.join(dir, name));
      } catch {
        return c.text(NOT_BUILT, 503);
      }
      c.header('Content-Type', type);
      c.header('Cache-Control', name === 'gate-sw.js' ? 'no-cache' : 'public, max-age=3600');
      if (name === 'gate-sw.js') c.header('Service-Worker-Allowed', `${CONSOLE_PATH}/portaria`);
      return c.body(new Uint8Array(body));
    });
  }
  // Pages, not API calls (as the storefront's catch-all): only GET and HEAD draw one.
  const pages = (c: Context<TAppEnv>) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? page(c) : notFoundJson(c);
  app.all(CONSOLE_PATH, pages);
  app.all(`${CONSOLE_PATH}/*`, pages);
  return app;
}
