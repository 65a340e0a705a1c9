import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, webBuildIsStale } from '../../../../scripts/build-web.ts';
import { seedDemoData } from '../modules/demo/seed-demo-data.ts';
import { register } from '../testing/accounts.ts';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';

// A full collection on demand, without starting the test worker with --expose-gc.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The heap's live bytes once the work already queued (React's scheduled tasks) has run. */
const heapUsedMb = async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/**
 * Issue 18: a process under load held ~1,000 finished pages (their React tree, loader data and
 * response) for six seconds each, the time of the stream's abort timer, ~45 MB on a busy process.
 * A page that has been sent must be garbage at once. On PGlite only: memory does not depend on the
 * database behind it.
 */
describe('rendered pages once sent (issue 18)', () => {
  let t: TTestApp;
  let cookie = '';
  beforeAll(async () => {
    if (webBuildIsStale()) buildWeb();
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'off' }, { web: true });
    await seedDemoData(t.database, t.log);
    await t.catalogue.refresh();
    ({ cookie } = await register(t));
  }, 180_000);
  afterAll(() => t?.close());

  const render = async (times: number) => {
    for (let i = 0; i < times; i += 1) {
      // A logged-in buyer's page is rendered for them on every request (no shared copy).
      const response = await t.request('/meus-ingressos', {
        headers: { cookie, 'accept-language': 'pt-BR' },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('</html>');
    }
  };

  it('keeps nothing of 200 personal pages after they were read', async () => {
    await render(50); // caches, compiled code and pools settle
    const before = await heapUsedMb();
    await render(200);
    const grown = (await heapUsedMb()) - before;
    // Held pages cost ~40 KB each (8 MB for these 200); what the process keeps for good is far below that.
    expect(grown).toBeLessThan(2.5);
  }, 120_000);
});
