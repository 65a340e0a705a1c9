import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';

const clientAssets = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/build/client/assets',
);

/**
 * The storefront's hashed assets are kept a year by browsers and CDNs. Until issue 33 found it, they
 * went out with no Cache-Control at all (serveStatic's onFound set it too late): every page view
 * revalidated its scripts.
 */
describe("the storefront's hashed assets", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { web: true });
  });
  afterAll(() => t.close());

  it('are kept a year, compressed when asked, and a missing one is the JSON 404', async () => {
    const script = readdirSync(clientAssets).find((name) => name.endsWith('.js'))!;
    for (const encoding of ['br', 'identity']) {
      const response = await t.request(`/assets/${script}`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (encoding === 'br') expect(response.headers.get('content-encoding')).toBe('br');
    }
    const missing = await t.request('/assets/nothere-abc123.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    // A file is read, never posted to (the page forms' origin check refuses it first).
    expect((await t.request(`/assets/${script}`, { method: 'POST' })).status).toBe(403);
  });
});
