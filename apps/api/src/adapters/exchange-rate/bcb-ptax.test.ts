import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startBcbPtaxStandIn, type TBcbPtaxStandIn } from '../../testing/bcb-ptax-stand-in.ts';
import { createBcbPtax } from './bcb-ptax.ts';
import type { TExchangeRateSource } from './exchange-rate.ts';
import { createExchangeRates } from './index.ts';

let standIn: TBcbPtaxStandIn;
beforeEach(async () => {
  standIn = await startBcbPtaxStandIn();
});
afterEach(() => standIn.close());

/** Saturday 28 Nov 2026, 15:00 in Brasília (18:00 UTC). */
const SATURDAY = Date.parse('2026-11-28T18:00:00Z');

describe("Banco Central's PTAX client, against a stand-in of the service", () => {
  it("asks for Brasília's day and steps back over the weekend to Friday's selling rate", async () => {
    standIn.publish('2026-11-27', 5.3406, 5.3412);
    const rate = await createBcbPtax(standIn.url, fetch, () => SATURDAY).latest();
    expect(rate).toEqual({ usdBrl: 5.3412, date: '2026-11-27' });
    expect(standIn.asked).toEqual(['11-28-2026', '11-27-2026']);
  });

  it("uses the day in Brasília, not UTC's: 01:00 UTC on Friday is still Thursday there", async () => {
    standIn.publish('2026-11-26', 5.29, 5.2911);
    standIn.publish('2026-11-27', 5.34, 5.3412);
    const rate = await createBcbPtax(standIn.url, fetch, () => Date.parse('2026-11-27T01:00:00Z')).latest();
    expect(rate).toEqual({ usdBrl: 5.2911, date: '2026-11-26' });
    expect(standIn.asked[0]).toBe('11-26-2026');
  });

  it('fails on an error answer, and when no day of the last ten has a quote', async () => {
    standIn.fail(503);
    await expect(createBcbPtax(standIn.url, fetch, () => SATURDAY).latest()).rejects.toThrow(/503/);
    await expect(createBcbPtax(standIn.url, fetch, () => SATURDAY).latest()).rejects.toThrow(/no quote/);
    expect(standIn.asked).toHaveLength(11);
  });
});

describe('the process’s exchange rate', () => {
  const log = createLogger('silent');
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('starts from the configured rate, takes the source’s on refresh, and keeps it when the source fails', async () => {
    standIn.publish(new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10), 5.1, 5.1234);
    const rates = createExchangeRates(
      config({
        EXCHANGE_RATE_PROVIDER: 'bcb-ptax',
        BCB_PTAX_URL: standIn.url,
        EXCHANGE_RATE_USD_BRL: '5.5',
        EXCHANGE_RATE_DATE: '2026-11-20',
      }),
      log,
    );
    expect(rates.current()).toEqual({ usdBrl: 5.5, date: '2026-11-20' });
    expect(await rates.refresh()).toBe(true);
    expect(rates.current()?.usdBrl).toBe(5.1234);
    standIn.fail(500);
    expect(await rates.refresh()).toBe(false);
    expect(rates.current()?.usdBrl).toBe(5.1234);
  });

  it('has no rate with the real source before its first answer (prices then stay in their own currency)', async () => {
    standIn.fail(503);
    const rates = createExchangeRates(
      config({ EXCHANGE_RATE_PROVIDER: 'bcb-ptax', BCB_PTAX_URL: standIn.url }),
      log,
    );
    expect(rates.current()).toBeNull();
    expect(await rates.refresh()).toBe(false);
    expect(rates.current()).toBeNull();
  });

  it('uses the fixed rate and its day as configured, and refuses a rate without its day', () => {
    const rates = createExchangeRates(
      config({ EXCHANGE_RATE_USD_BRL: '5.4321', EXCHANGE_RATE_DATE: '2026-11-25' }),
      log,
    );
    expect(rates.provider).toBe('fixed');
    expect(rates.current()).toEqual({ usdBrl: 5.4321, date: '2026-11-25' });
    expect(() => config({ EXCHANGE_RATE_USD_BRL: '5.4321' })).toThrow(/EXCHANGE_RATE_DATE is required/);
    expect(() => config({ EXCHANGE_RATE_USD_BRL: '5', EXCHANGE_RATE_DATE: '25/11/2026' })).toThrow(
      /EXCHANGE_RATE_DATE must be a date/,
    );
    expect(() => config({ EXCHANGE_RATE_USD_BRL: '-1', EXCHANGE_RATE_DATE: '2026-11-25' })).toThrow(
      /EXCHANGE_RATE_USD_BRL/,
    );
  });
});

describe('the refresh in the process', () => {
  const log = createLogger('silent');

  it('asks the source at start, again every EXCHANGE_RATE_REFRESH_MINUTES, and a minute after a failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answers: (number | Error)[] = [5.1, new Error('down'), 5.2, 5.3];
      let asked = 0;
      const source: TExchangeRateSource = {
        provider: 'bcb-ptax',
        async latest() {
          const next = answers[asked] ?? 9;
          asked += 1;
          if (next instanceof Error) throw next;
          return { usdBrl: next, date: '2026-11-27' };
        },
      };
      const rates = createExchangeRates(
        loadConfig({
          LOG_LEVEL: 'silent',
          EXCHANGE_RATE_PROVIDER: 'bcb-ptax',
          EXCHANGE_RATE_REFRESH_MINUTES: '30',
        }),
        log,
        source,
      );
      rates.start();
      await vi.advanceTimersByTimeAsync(0);
      expect([asked, rates.current()?.usdBrl]).toEqual([1, 5.1]);
      await vi.advanceTimersByTimeAsync(29 * 60_000);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect([asked, rates.current()?.usdBrl]).toEqual([2, 5.1]); // failed: the last rate kept
      await vi.advanceTimersByTimeAsync(60_000);
      expect([asked, rates.current()?.usdBrl]).toEqual([3, 5.2]); // retried a minute later
      rates.stop();
      await vi.advanceTimersByTimeAsync(120 * 60_000);
      expect(asked).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
