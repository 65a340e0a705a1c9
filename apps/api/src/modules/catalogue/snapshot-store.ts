import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A JSON body ready to send: its text and the strong ETag of that text. */
export type TJsonBody = { json: string; etag: string };

export function jsonBody(value: unknown): TJsonBody {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

const SAFE_PATH = /^(?:[a-zA-Z0-9_-]+\/)*[a-zA-Z0-9_-]+\.json$/;

/**
 * The static snapshot files under `<DATA_DIR>/snapshots`, served at `/assets/api/...`. Writes are
 * atomic (temporary file then rename) so a reader never sees half a file. Reads check the file on
 * disk every time (a removed file is a 404 at once) and reuse the bytes while size and mtime hold.
 */
export type TSnapshotFile = {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  /** The body compressed once per file version, on first demand. */
  encoded(encoding: 'br' | 'gzip'): Buffer;
};

function snapshotFile(mtimeMs: number, size: number, body: Buffer): TSnapshotFile {
  const encodings: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    mtimeMs,
    size,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    encoded(encoding) {
      encodings[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(body, { level: 6 });
      return encodings[encoding];
    },
  };
}

export function createSnapshotStore(root: string) {
  const cache = new Map<string, TSnapshotFile>();

  return {
    root,
    async write(relative: string, body: TJsonBody): Promise<void> {
      const target = path.join(root, relative);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, body.json);
      await rename(temporary, target);
    },
    async remove(relative: string): Promise<void> {
      await rm(path.join(root, relative), { force: true });
    },
    async clear(): Promise<void> {
      await rm(root, { recursive: true, force: true });
      await mkdir(root, { recursive: true });
    },
    /** The file at `relative` (already URL-decoded), or undefined when absent or not a snapshot path. */
    read(relative: string): TSnapshotFile | undefined {
      if (!SAFE_PATH.test(relative)) return undefined;
      const file = path.join(root, relative);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) {
        cache.delete(relative);
        return undefined;
      }
      const hit = cache.get(relative);
      if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit;
      let body: Buffer;
      try {
        body = readFileSync(file);
      } catch {
        return undefined;
      }
      const entry = snapshotFile(stat.mtimeMs, stat.size, body);
      cache.set(relative, entry);
      return entry;
    },
  };
}

export type TSnapshotStore = ReturnType<typeof createSnapshotStore>;
