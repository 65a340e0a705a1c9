import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSnapshotStore, jsonBody } from '../modules/catalogue/snapshot-store.ts';
import { withSnapshotFastPath } from './snapshot-fast-path.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fast-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serve(hsts: boolean) {
  const store = createSnapshotStore(dir);
  await store.write('nextEvents.json', jsonBody({ events: [] }));
  const server = createServer(withSnapshotFastPath(store, (_req, res) => res.writeHead(404).end(), { hsts }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('snapshot files served by the fast path', () => {
  it('carry HSTS under https like every other answer, and none on plain-http development', async () => {
    const secure = await serve(true);
    const plain = await serve(false);
    try {
      const answer = await fetch(`${secure.url}/assets/api/nextEvents.json`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const revalidated = await fetch(`${secure.url}/assets/api/nextEvents.json`, {
        headers: { 'if-none-match': answer.headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('strict-transport-security')).not.toBeNull();
      expect(
        (await fetch(`${plain.url}/assets/api/nextEvents.json`)).headers.get('strict-transport-security'),
      ).toBeNull();
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});
