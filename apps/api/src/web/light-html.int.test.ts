import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, repoRoot, webBuildIsStale } from '../../../../scripts/build-web.ts';
import { catalogFor } from '../../../web/app/i18n/index.ts';
import { seedDemoData } from '../modules/demo/seed-demo-data.ts';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';

/** Issue 18's targets for the event page: all of it, and before the scripts' data. */
const EVENT_GZIP = 12_000;
const EVENT_GZIP_WITHOUT_SCRIPTS = 8_000;
const FESTIVAL = '/events/festival-sons-do-cerrado';
/** Executable inline scripts (the route data React Router streams, its manifest, the boot module), not JSON-LD. */
const INLINE_SCRIPT = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g;
/** Words of screens the event page does not show: only a catalogue would carry them. */
const ELSEWHERE = { 'pt-BR': 'Sem conexão. Tentando de novo', en: 'No connection. Trying again' } as const;

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

// On PGlite only: the page's bytes do not depend on the database behind it.
describe('light HTML (issue 18)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    if (webBuildIsStale()) buildWeb();
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'off' }, { web: true });
    await seedDemoData(t.database, t.log);
    await t.catalogue.refresh();
  }, 180_000);
  afterAll(() => t?.close());

  const page = async (target: string, locale: 'pt-BR' | 'en') => {
    const response = await t.request(target, { headers: { 'accept-language': locale } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('keeps the festival page within 12 KB gzip, 8 KB before the scripts’ data', async () => {
    const html = await page(FESTIVAL, 'pt-BR');
    expect(html).toContain('Festival Sons do Cerrado');
    expect(gzip(html)).toBeLessThanOrEqual(EVENT_GZIP);
    expect(gzip(html.replace(INLINE_SCRIPT, ''))).toBeLessThanOrEqual(EVENT_GZIP_WITHOUT_SCRIPTS);
    // The poster is in the page once, an image for the first paint, and not repeated in the page's data.
    expect(html.match(/%3ClinearGradient/g)).toHaveLength(1);
    expect(html).toMatch(/<img id="poster-festival-sons-do-cerrado"[^>]* src="data:image\/svg\+xml,/);
    expect(await page(`${FESTIVAL}.data`, 'pt-BR')).not.toContain('linearGradient');
  });

  it('serves the files beside the assets (favicon, robots.txt) and pages at any other path', async () => {
    const favicon = await t.request('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await favicon.text()).toContain('<svg');
    expect((await t.request('/favicon.svg/x')).status).toBe(404);
    expect(await page('/carrinho', 'pt-BR')).toContain('<html');
  });

  it.each(['pt-BR', 'en'] as const)(
    'sends no %s catalogue in the page or its data, but preloads its hashed file',
    async (locale) => {
      expect(Object.values(catalogFor(locale))).toContain(`${ELSEWHERE[locale]}…`);
      const html = await page(FESTIVAL, locale);
      expect(html).not.toContain(ELSEWHERE[locale]);
      // A client navigation's data carries none either.
      const data = await page(`${FESTIVAL}.data`, locale);
      expect(data).toContain('Festival Sons do Cerrado');
      expect(data).not.toContain(ELSEWHERE[locale]);

      const href = /<link rel="preload" as="fetch" crossorigin="" href="([^"]+)"/.exec(html)?.[1];
      expect(href).toMatch(new RegExp(`^/assets/messages-${locale}-[\\w-]+\\.json$`));
      const file = path.join(repoRoot, 'apps/web/build/client', href!);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(catalogFor(locale));
      expect(existsSync(`${file}.gz`) && existsSync(`${file}.br`)).toBe(true);
    },
  );
});
