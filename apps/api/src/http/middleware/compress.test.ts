import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compress, selectEncoding } from './compress.ts';

const page = `<!DOCTYPE html><html><body>${'<p>Festival Sons do Cerrado</p>'.repeat(200)}</body></html>`;

function app() {
  const hono = new Hono();
  hono.use(compress());
  hono.get('/page', (c) => c.html(page));
  hono.get('/small', (c) => c.body('ok', 200, { 'Content-Type': 'text/plain', 'Content-Length': '2' }));
  hono.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  hono.get('/no-transform', (c) => {
    c.header('Cache-Control', 'private, no-transform');
    return c.html(page);
  });
  return hono;
}

const get = (path: string, acceptEncoding?: string) =>
  app().request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('compressing answers as they are sent', () => {
  it('sends a page gzipped to a browser that accepts it, the same page once inflated', async () => {
    const response = await get('/page', 'gzip, deflate, br');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(page.length / 10);
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it('uses deflate when only deflate is accepted, and nothing when no encoding is', async () => {
    const deflated = await get('/page', 'deflate');
    expect(deflated.headers.get('Content-Encoding')).toBe('deflate');
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(page);
    const plain = await get('/page');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it('leaves bodies known to be small, images and no-transform answers as they are', async () => {
    for (const path of ['/small', '/image', '/no-transform']) {
      expect((await get(path, 'gzip')).headers.get('Content-Encoding'), path).toBeNull();
    }
  });

  it('picks the encoding by q-value, gzip first at equal weight, a wildcard counting for both', () => {
    expect(selectEncoding('deflate, gzip')).toBe('gzip');
    expect(selectEncoding('gzip;q=0.5, deflate;q=0.8')).toBe('deflate');
    expect(selectEncoding('br, *;q=0.3')).toBe('gzip');
    expect(selectEncoding('gzip;q=0, deflate;q=0')).toBeUndefined();
    expect(selectEncoding('br')).toBeUndefined();
    expect(selectEncoding(undefined)).toBeUndefined();
  });
});
