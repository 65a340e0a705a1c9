import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { posterImages } from '../../db/schema/index.ts';

/** An uploaded poster's id: the SHA-256 hex of its WebP bytes (issue 34). */
export const POSTER_ID = /^[0-9a-f]{64}$/;

/**
 * Reads uploaded posters (poster_images) for `GET /api/posters/<id>.webp`, keeping the most recent
 * ones in memory up to `maxBytes`. Their bytes never change for an id, so nothing here goes stale.
 */
export function createPosterReader(db: TDb, maxBytes = 8 * 1024 * 1024) {
  const cache = new Map<string, Uint8Array>();
  let size = 0;
  return async function readPoster(id: string): Promise<Uint8Array | undefined> {
    if (!POSTER_ID.test(id)) return undefined;
    const hit = cache.get(id);
    if (hit) {
      // Most recently used goes last.
      cache.delete(id);
      cache.set(id, hit);
      return hit;
    }
    const [row] = await db
      .select({ bytes: posterImages.bytes })
      .from(posterImages)
      .where(eq(posterImages.id, id));
    if (!row) return undefined;
    const bytes = new Uint8Array(row.bytes);
    if (bytes.byteLength <= maxBytes) {
      cache.set(id, bytes);
      size += bytes.byteLength;
      for (const [oldest, value] of cache) {
        if (size <= maxBytes) break;
        cache.delete(oldest);
        size -= value.byteLength;
      }
    }
    return bytes;
  };
}
