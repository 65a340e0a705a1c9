import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBcbPtaxStandIn, type TBcbPtaxStandIn } from '../../testing/bcb-ptax-stand-in.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const NBSP = '\u00a0';
/** Brasília's day now, YYYY-MM-DD (the day the PTAX client asks for first). */
const brasiliaToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** The visible text of a page (tags out, entities of the prices in), enough to read prices and notes. */
async function pageText(t: TTestApp, path: string, cookie?: string) {
  const response = await t.request(path, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  return {
    status: response.status,
    html,
    text: html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, NBSP)
      .replace(/[ \t\r\n]+/g, ' '),
  };
}

describe.each(testDatabases())('the currency switch (commerce §1) on %s', (kind) => {
  describe('with a fixed rate', () => {
    let t: TTestApp;
    let fixture: TCartFixture;
    beforeAll(async () => {
      t = await createTestApp(
        kind,
        { EXCHANGE_RATE_USD_BRL: '5', EXCHANGE_RATE_DATE: '2026-11-27', CAPTCHA_PROVIDER: 'off' },
        { web: true },
      );
      fixture = await createCartFixture(t.database.db);
      await t.catalogue.refresh();
    }, 120_000);
    afterAll(() => t?.close());

    it('GET /api/exchange-rate answers the rate, its day and its source, cacheable', async () => {
      const response = await t.request('/api/exchange-rate');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(await response.json()).toEqual({
        base: 'USD',
        quote: 'BRL',
        rate: 5,
        date: '2026-11-27',
        source: 'fixed',
        chargedIn: 'event currency',
      });
    });

    it('/moeda remembers BRL or USD in a cookie and goes back; anything else sets nothing', async () => {
      const usd = await t.request(
        `/moeda?currency=USD&redirect=${encodeURIComponent(`/events/${fixture.slug}`)}`,
      );
      expect(usd.status).toBe(302);
      expect(usd.headers.get('location')).toBe(`/events/${fixture.slug}`);
      expect(usd.headers.get('set-cookie')).toMatch(/^currency=USD; Path=\/; Max-Age=31536000; SameSite=Lax/);
      expect(usd.headers.get('cache-control')).toBe('no-store');
      const bad = await t.request('/moeda?currency=EUR&redirect=https%3A%2F%2Fevil.example%2F');
      expect(bad.status).toBe(302);
      expect(bad.headers.get('set-cookie')).toBeNull();
      expect(bad.headers.get('location')).toBe('/');
    });

    it('shows the event page in the chosen currency, never one visitor’s currency to another', async () => {
      const path = `/events/${fixture.slug}`;
      // Kept copies are per currency: BRL first, then USD, then BRL again, each its own.
      for (const round of [1, 2]) {
        const brl = await pageText(t, path);
        expect(brl.status, `round ${round}`).toBe(200);
        expect(brl.text).toContain(`R$${NBSP}100,00`);
        expect(brl.text).not.toContain(`U$${NBSP}`);
        expect(brl.text).not.toContain('Cotação de');
        const usd = await pageText(t, path, 'currency=USD');
        expect(usd.text).toContain(`U$${NBSP}20,00`); // R$ 100,00 at R$ 5,00
        expect(usd.text).toContain(`U$${NBSP}2,00`); // its fee, R$ 10,00
        expect(usd.text).not.toContain(`R$${NBSP}100,00`);
        expect(usd.text).toContain('Valores em U$ aproximados; a cobrança é feita em R$.');
        expect(usd.text).toContain(`Cotação de 27/11/2026: U$${NBSP}1,00 = R$${NBSP}5,0000`);
      }
      expect(t.app.pageCache.stats().hits).toBeGreaterThanOrEqual(2);
      // The seat map's page says it too, its seats named with their price in dollars.
      const map = await pageText(t, `/eventmap/${fixture.slug}`, 'currency=USD');
      expect(map.text).toContain('Valores em U$ aproximados; a cobrança é feita em R$.');
      expect(map.html).toMatch(/aria-label="[^"]*U\$\u00a020,00/);
      expect(map.html).not.toContain(`R$${NBSP}100,00`);
      // A tampered cookie is the default currency.
      expect((await pageText(t, path, 'currency=<b>')).text).toContain(`R$${NBSP}100,00`);
    });

    it('converts the home page’s cards and says it in English to an English visitor', async () => {
      const home = await pageText(t, '/', 'currency=USD; lang=en');
      expect(home.text).toContain(`From U$${NBSP}20,00`);
      expect(home.text).toContain('Amounts in U$ are approximate; you are charged in R$.');
      expect(home.text).toContain('Exchange rate of November 27, 2026');
    });
  });

  describe("with Banco Central's PTAX (a stand-in of the service)", () => {
    let t: TTestApp;
    let standIn: TBcbPtaxStandIn;
    let fixture: TCartFixture;
    beforeAll(async () => {
      standIn = await startBcbPtaxStandIn();
      t = await createTestApp(
        kind,
        { EXCHANGE_RATE_PROVIDER: 'bcb-ptax', BCB_PTAX_URL: standIn.url, CAPTCHA_PROVIDER: 'off' },
        { web: true },
      );
      fixture = await createCartFixture(t.database.db);
      await t.catalogue.refresh();
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await standIn?.close();
    });

    it('shows the event’s own prices until a rate is known, then converts at the published one', async () => {
      const path = `/events/${fixture.slug}`;
      const rate = async () =>
        (await (await t.request('/api/exchange-rate')).json()) as Record<string, unknown>;
      expect(await rate()).toMatchObject({ rate: null, date: null, source: 'bcb-ptax' });
      const before = await pageText(t, path, 'currency=USD');
      expect(before.text).toContain(`R$${NBSP}100,00`);
      expect(before.text).toContain('Cotação do dólar indisponível no momento: valores em R$.');

      const day = brasiliaToday();
      standIn.publish(day, 4.9995, 5.0005);
      expect(await t.app.exchangeRates.refresh()).toBe(true);
      expect(await rate()).toMatchObject({ rate: 5.0005, date: day });
      // The kept USD copy was drawn without a rate: a new rate is a new copy.
      const after = await pageText(t, path, 'currency=USD');
      expect(after.text).toContain(`U$${NBSP}20,00`); // 100 / 5.0005 = 19.998
      expect(after.text).toContain(`Cotação de ${day.split('-').reverse().join('/')}`);

      // The service failing keeps the last rate.
      standIn.fail(503, 20);
      expect(await t.app.exchangeRates.refresh()).toBe(false);
      expect(await rate()).toMatchObject({ rate: 5.0005, date: day });
    });
  });
});
