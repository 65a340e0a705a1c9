import { Hono } from 'hono';
import type { TAppEnv } from '../env.ts';
import { strongEtag, type TOpenApiDocument } from '../openapi/document.ts';
import { renderReferencePage } from '../openapi/reference-page.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PAGE_PATH = '/api/docs';

/**
 * GET /api/openapi.json and its reference page /api/docs. The document is built once, on first
 * use, from the contracts and what this process mounts; it changes only with a new build or
 * configuration, so clients may cache it and revalidate with its ETag.
 */
export function openApiRoutes(build: () => TOpenApiDocument) {
  let cached: { doc: TOpenApiDocument; body: string; etag: string } | undefined;
  const current = () => {
    if (!cached) {
      const doc = build();
      const body = JSON.stringify(doc);
      cached = { doc, body, etag: strongEtag(body) };
    }
    return cached;
  };
  return new Hono<TAppEnv>()
    .get(OPENAPI_PATH, (c) => {
      const { body, etag } = current();
      c.header('ETag', etag);
      c.header('Cache-Control', 'public, max-age=300, must-revalidate');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      c.header('Content-Type', 'application/json; charset=utf-8');
      return c.body(body);
    })
    .get(REFERENCE_PAGE_PATH, (c) => {
      // Its CSP nonce is this response's own: no shared cache may hand it to someone else.
      c.header('Cache-Control', 'private, no-cache');
      return c.html(
        renderReferencePage(current().doc, {
          nonce: c.get('secureHeadersNonce') ?? '',
          locale: c.get('locale'),
          jsonPath: OPENAPI_PATH,
        }),
      );
    });
}
