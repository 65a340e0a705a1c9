import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../testing/accounts.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

describe.each(testDatabases())('a lost database connection on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(() => t.close());

  it('fails that request with 503, a message to retry and Retry-After; the next request is served', async () => {
    const person = await register(t);
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const spies = [
      vi.spyOn(t.database.db, 'execute').mockRejectedValueOnce(lost),
      vi.spyOn(t.database.db, 'select').mockImplementationOnce(() => {
        throw lost;
      }),
    ];
    const failed = await t.request('/api/tickets/mine', { headers: { cookie: person.cookie } });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(await failed.json()).toEqual({
      Message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
      code: 'unavailable',
    });
    for (const spy of spies) spy.mockRestore();
    const served = await t.request('/api/tickets/mine', { headers: { cookie: person.cookie } });
    expect(served.status).toBe(200);
  });
});
