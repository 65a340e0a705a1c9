import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../../scripts/build-web.ts';
import { createTestApp, type TTestApp, testDatabases } from '../testing/test-app.ts';

describe.each(testDatabases())('HTTP surface on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 while the database answers', async () => {
    const response = await t.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: kind });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('gives every response a request id and security headers', async () => {
    const response = await t.request('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps a sane request id from a proxy and replaces a hostile one', async () => {
    const kept = await t.request('/healthz', { headers: { 'x-request-id': 'abc12345-proxy' } });
    expect(kept.headers.get('x-request-id')).toBe('abc12345-proxy');
    const replaced = await t.request('/healthz', { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });

  it('answers an unknown API path with a JSON 404, in the visitor language', async () => {
    const pt = await t.request('/api/nao-existe');
    expect(pt.status).toBe(404);
    expect(await pt.json()).toEqual({ Message: 'Recurso não encontrado.', code: 'not_found' });
    const en = await t.request('/v1/nothing', { headers: { 'accept-language': 'en-US' } });
    expect(en.status).toBe(404);
    expect(((await en.json()) as { Message: string }).Message).toBe('Resource not found.');
  });

  it('refuses an oversized body with 413 and a message, never a 500', async () => {
    const response = await t.json('/api/anything', { blob: 'x'.repeat(100 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses an API body whose Content-Length is past 64 KB unread, and one sent in chunks as it streams', async () => {
    const declared = await t.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(65 * 1024) },
      body: 'x'.repeat(65 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large' });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 70; i += 1) controller.enqueue(new Uint8Array(1024).fill(120));
        controller.close();
      },
    });
    const streamed = await t.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // A body within the limit goes on to its route (here: none, so the API's 404).
    const small = await t.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '{}',
    });
    expect(small.status).toBe(404);
  });

  it('serves every static page in Portuguese and English', async () => {
    const pt = await t.request('/api/pages/politicas-de-privacidade?lang=pt-BR');
    expect(pt.status).toBe(200);
    const page = (await pt.json()) as { title: string; html: string };
    expect(page.title).toBe('Política de Privacidade');
    expect(page.html).toContain('<h2');
    // Placeholders are filled from the configuration.
    expect(page.html).not.toMatch(/\{\{\w+\}\}/);
    expect(page.html).toContain(t.config.DPO_EMAIL);
    const en = await t.request('/api/pages/politicas-de-privacidade?lang=en');
    expect(((await en.json()) as { title: string }).title).toMatch(/privacy/i);
  });

  it("fills the placeholders of every static page's title and description too (issue 31: 13 carried {{brandName}})", async () => {
    const files = readdirSync(path.join(repoRoot, 'content/pages')).filter((name) => name.endsWith('.md'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const [, slug, lang] = /^(.+)\.(pt-BR|en)\.md$/.exec(file)!;
      const response = await t.request(`/api/pages/${slug}?lang=${lang}`);
      expect(response.status, file).toBe(200);
      const page = (await response.json()) as { title: string; description: string; html: string };
      expect(`${page.title} ${page.description} ${page.html}`, file).not.toMatch(/\{\{\w+\}\}/);
    }
    const institutional = await t.request('/api/pages/institucional?lang=en');
    expect(((await institutional.json()) as { description: string }).description).toContain(
      `Meet ${t.config.BRAND_NAME}`,
    );
  });

  it('answers 404 for an unknown or malformed page slug', async () => {
    expect((await t.request('/api/pages/nao-existe')).status).toBe(404);
    expect((await t.request('/api/pages/..%2F..%2Fpackage')).status).toBe(404);
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const t = await createTestApp('pglite');
    await t.close();
    const response = await t.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
  });
});

describe('maintenance mode', () => {
  it('replaces every route, API included, and says so in the visitor language', async () => {
    const t = await createTestApp('pglite', { MAINTENANCE: 'true' });
    try {
      for (const path of ['/', '/events/qualquer', '/login', '/politicas-de-privacidade']) {
        const response = await t.request(path);
        expect(response.status, path).toBe(503);
        expect(await response.text(), path).toContain('em manutenção');
      }
      const english = await t.request('/', { headers: { 'accept-language': 'en' } });
      expect(await english.text()).toContain('under maintenance');
      const api = await t.request('/api/v3/nextEvents');
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ code: 'maintenance' });
    } finally {
      await t.close();
    }
  });
});
