import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import type { TOpenApiDocument } from '../openapi/document.ts';

/** A route's shape with parameter names erased: `/api/:version{v[1-4]}/x` and `/api/{v}/x` → `/api/{}/x`. */
const shape = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/:\w+(\{[^/]*\})?/g, '{}')
    .replace(/\{\w+\}/g, '{}')
    .replace(/\*$/, '{}')}`;

type TRoute = { method: string; path: string };
const documentedRoutes = (doc: TOpenApiDocument) =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => shape(m, path))),
  );
const mountedRoutes = (routes: readonly TRoute[]) =>
  new Set(routes.filter((r) => r.method !== 'ALL').map((r) => shape(r.method, r.path)));

/** The mounted routes (middleware and catch-alls left out) that the document does not list. */
function undocumented(routes: readonly TRoute[], doc: TOpenApiDocument): string[] {
  const documented = documentedRoutes(doc);
  return [...mountedRoutes(routes)].filter((route) => !documented.has(route));
}

describe.each(testDatabases())('the OpenAPI document (%s)', (kind) => {
  let t: TTestApp;
  let doc: TOpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    doc = (await response.json()) as TOpenApiDocument;
  });
  afterAll(() => t.close());

  it('lists every route the app mounts, and notices one that it does not', () => {
    expect(undocumented(t.app.routes, doc)).toEqual([]);
    // …and claims nothing that is not mounted.
    const mounted = mountedRoutes(t.app.routes);
    expect([...documentedRoutes(doc)].filter((route) => !mounted.has(route))).toEqual([]);
    expect(mounted.size).toBeGreaterThan(60);
    // Negative control: a route mounted in this test only is reported as missing.
    const extra = new Hono().get('/api/v9/only-in-this-test/:id', (c) => c.json({}));
    expect(undocumented([...t.app.routes, ...extra.routes], doc)).toEqual([
      'GET /api/v9/only-in-this-test/{}',
    ]);
  });

  it('is a valid OpenAPI 3.1 document with a unique id, a tag and an answer for each call', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toMatch(/API$/);
    expect(doc.servers[0]?.url).toMatch(/^https?:\/\//);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'sessionCookie']);
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const op of ops) {
      expect(tags.has(op.tags[0]!), op.operationId).toBe(true);
      expect(op.responses.default?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
    const login = doc.paths['/api/v2/websiteuserlogin']!.post!;
    expect(login.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object' });
    expect(doc.paths['/api/v2/authentication']!.get!.security).toEqual([
      { sessionCookie: [] },
      { bearer: [] },
    ]);
    expect(doc.paths['/api/{version}/removefromcart']!.post!.parameters).toContainEqual(
      expect.objectContaining({ name: 'version', in: 'path', required: true }),
    );
  });

  it('refuses in its request schemas what the routes refuse, and accepts what they accept', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const bodySchema = (path: string) =>
      doc.paths[path]!.post!.requestBody!.content['application/json']!.schema;
    const samples = [
      {
        path: '/api/v2/websiteuserlogin',
        bad: { email: 'ana@example.com' },
        good: { email: 'ana@example.com', password: 'x' },
      },
      { path: '/api/v4/addtocart', bad: { lotId: 'one', quantity: 1 }, good: { lotId: 1, quantity: 1 } },
      { path: '/api/v2/getEventTicketsBySlug', bad: { eventSlug: 42 }, good: { eventSlug: 'some-event' } },
      { path: '/api/cart/protection', bad: { provider: 'acme' }, good: { provider: 'none' } },
    ];
    for (const { path, bad, good } of samples) {
      const validate = ajv.compile(bodySchema(path));
      expect(validate(bad), `${path} document accepts ${JSON.stringify(bad)}`).toBe(false);
      expect(validate(good), `${path} document refuses ${JSON.stringify(good)}`).toBe(true);
      const { status, body } = await t.json<{ code: string }>(path, bad);
      expect([status, body.code], path).toEqual([400, 'invalid_request']);
    }
    // A query parameter: the installment amount must be positive.
    const value = doc.paths['/api/socialEvent/{eventId}/getInstallments']!.get!.parameters!.find(
      (p) => p.name === 'value',
    )!;
    expect(ajv.validate(value.schema, -1)).toBe(false);
    expect((await t.request('/api/socialEvent/1/getInstallments?value=-1')).status).toBe(400);
  });

  it('answers the document with an ETag and 304 when it has not changed', async () => {
    const first = await t.request('/api/openapi.json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toContain('public');
    const again = await t.request('/api/openapi.json', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('renders the reference page under the nonce CSP, with nothing from another origin', async () => {
    const response = await t.request('/api/docs', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const nonce = /nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toMatch(/<script|<link|src=/i);
    expect(html).toContain('/api/v4/addtocart');
    expect(html).toContain('Pay for the cart');
    expect(html).toContain('href="/api/openapi.json"');
  });
});
