import { Hono } from 'hono';
import type { TSnapshotStore } from '../../modules/catalogue/snapshot-store.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';
import { SNAPSHOT_CACHE_CONTROL, SNAPSHOT_PREFIX } from '../snapshot-fast-path.ts';

/**
 * GET /assets/api/...: the static snapshot files of spec §7, for in-process calls (the pages'
 * loaders) and for any request the network fast path (snapshot-fast-path.ts) leaves to the app,
 * such as a missing file. Same headers as the fast path: short max-age and an ETag, never immutable.
 */
export function snapshotRoutes(store: TSnapshotStore) {
  return new Hono<TAppEnv>().get(`${SNAPSHOT_PREFIX}*`, (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice(SNAPSHOT_PREFIX.length));
    } catch {
      return notFoundJson(c);
    }
    const file = store.read(relative);
    if (!file) {
      c.header('Cache-Control', 'no-store');
      return notFoundJson(c);
    }
    c.header('ETag', file.etag);
    c.header('Cache-Control', SNAPSHOT_CACHE_CONTROL);
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(new Uint8Array(file.body));
  });
}
