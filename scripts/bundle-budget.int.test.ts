import { beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, webBuildIsStale } from './build-web.ts';
import { initialJavaScript } from './bundle-budget.ts';

/** Issue 3: the event page's initial JavaScript stays within 120 KB gzipped (120,000 bytes). */
const EVENT_PAGE_BUDGET = 120_000;

describe('event page bundle budget', () => {
  beforeAll(() => {
    if (webBuildIsStale()) buildWeb();
  }, 120_000);

  it.each(['event', 'eventBySlug'])('keeps the initial JavaScript of %s within budget', (routeId) => {
    const { total, files } = initialJavaScript(routeId);
    expect(total, files.map((f) => `${f.gzip} ${f.file}`).join('\n')).toBeLessThanOrEqual(EVENT_PAGE_BUDGET);
  });

  it('keeps the seat map out of the event page', () => {
    const files = initialJavaScript('event').files.map((f) => f.file);
    expect(files.some((file) => file.includes('event-map'))).toBe(false);
  });
});
