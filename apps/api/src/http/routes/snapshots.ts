import { Hono } from 'hono';
import type { TSnapshotStore } from '../../modules/catalogue/snapshot-store.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';

/**
 * GET /assets/api/...: the static snapshot files of spec §7. They change whenever the catalogue or
 * availability does, so they are never `immutable`: a short max-age plus an ETag for revalidation.
 */
export function snapshotRoutes(store: TSnapshotStore) {
  return new Hono<TAppEnv>().get('/assets/api/*', (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice('/assets/api/'.length));
    } catch {
      return notFoundJson(c);
    }
    const file = store.read(relative);
    if (!file) {
      c.header('Cache-Control', 'no-store');
      return notFoundJson(c);
    }
    c.header('ETag', file.etag);
    c.header('Cache-Control', 'public, max-age=2, must-revalidate');
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(new Uint8Array(file.body));
  });
}
