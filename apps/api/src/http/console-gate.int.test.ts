import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';

/**
 * Issue 35: the gate app's page and files under /console. Its page alone may compile WebAssembly
 * (the QR reader's ZXing), never eval a string; its service worker is never stored by HTTP caches
 * and its scope is the gate's page; its manifest and icons are served with their types.
 */
describe('the gate app under /console/portaria', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it("the gate's page may compile WebAssembly, the rest of the console may not, and none may eval", async () => {
    const scripts = async (target: string) =>
      ((await t.request(target)).headers.get('content-security-policy') ?? '').match(
        /script-src [^;]+/,
      )?.[0] ?? '';
    const gate = await scripts('/console/portaria');
    expect(gate).toContain("'wasm-unsafe-eval'");
    expect(gate).not.toContain("'unsafe-eval'");
    for (const other of ['/console', '/console/pedidos', '/console/portariax']) {
      expect(await scripts(other)).not.toContain('wasm-unsafe-eval');
    }
  });

  it('serves the service worker (scope allowed, not cached), the manifest and the icons', async () => {
    const worker = await t.request('/console/gate-sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('service-worker-allowed')).toBe('/console/portaria');
    expect(await worker.text()).toContain("const PAGE = '/console/portaria'");
    const manifest = await t.request('/console/gate.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const parsed = (await manifest.json()) as { start_url: string; scope: string; icons: { src: string }[] };
    expect(parsed).toMatchObject({ start_url: '/console/portaria', scope: '/console/portaria' });
    for (const icon of parsed.icons) {
      const answer = await t.request(icon.src);
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
    }
  });
});
