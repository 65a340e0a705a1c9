import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

/**
 * The web's endpoint table and the API agree: every call the web can make is mounted (a missing
 * route answers the generic 404 'not_found'; a mounted one answers anything else, 404 included
 * when it is about an unknown id).
 */
describe('the endpoint table', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'local' });
  });
  afterAll(() => t.close());

  it.each(Object.entries(ENDPOINTS))('%s is mounted', async (_name, { method, path }) => {
    const sample: Record<string, string> = { stateId: '35', slug: 'termos-de-uso' };
    const url = path.replace(/:(\w+)/g, (_, key: string) => sample[key] ?? (/id$/i.test(key) ? '1' : 'x'));
    const response = await t.request(url, {
      method,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    expect(
      response.status === 404 && body?.code === 'not_found',
      `${method} ${url}: ${response.status}`,
    ).toBe(false);
  });
});
