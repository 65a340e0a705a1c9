import { isUsableRate, type TExchangeRate } from '@ingressos/domain/currency';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../logger.ts';
import { createBcbPtax } from './bcb-ptax.ts';
import type { TExchangeRateSource } from './exchange-rate.ts';
import { createFixedRate } from './fixed.ts';

export type { TExchangeRate, TExchangeRateSource };

/** After a failed fetch the next try comes sooner than the regular refresh. */
const RETRY_MS = 60_000;

/** The fixed source's rate when none is configured: development only (README: set one, or use bcb-ptax). */
const DEVELOPMENT_USD_BRL = 5.35;

/**
 * The configured rate (EXCHANGE_RATE_USD_BRL with its EXCHANGE_RATE_DATE): the fixed source's, and
 * the real one's until its first answer. Unset, the fixed source uses a development rate dated the
 * day the process started (Brasília); the real one has none until it answers.
 */
function configuredRate(config: TConfig): TExchangeRate | null {
  if (config.EXCHANGE_RATE_USD_BRL !== undefined && config.EXCHANGE_RATE_DATE)
    return { usdBrl: config.EXCHANGE_RATE_USD_BRL, date: config.EXCHANGE_RATE_DATE };
  if (config.EXCHANGE_RATE_PROVIDER !== 'fixed') return null;
  const brasilia = new Date(Date.now() - 3 * 60 * 60 * 1000);
  return { usdBrl: DEVELOPMENT_USD_BRL, date: brasilia.toISOString().slice(0, 10) };
}

export function createExchangeRateSource(config: TConfig): TExchangeRateSource {
  if (config.EXCHANGE_RATE_PROVIDER === 'bcb-ptax') return createBcbPtax(config.BCB_PTAX_URL);
  const rate = configuredRate(config);
  return rate ? createFixedRate(rate) : createBcbPtax(config.BCB_PTAX_URL);
}

/**
 * The rate this process shows, kept in memory and refreshed from its source every
 * EXCHANGE_RATE_REFRESH_MINUTES (each process asks for itself: docs/decisions.md). A failed refresh
 * keeps the last rate known (it carries its own date, which the pages show) and tries again sooner.
 */
export function createExchangeRates(
  config: TConfig,
  log: TLogger,
  source: TExchangeRateSource = createExchangeRateSource(config),
) {
  let rate: TExchangeRate | null = configuredRate(config);
  if (!isUsableRate(rate)) rate = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshMs = config.EXCHANGE_RATE_REFRESH_MINUTES * 60_000;

  async function refresh(): Promise<boolean> {
    try {
      const latest = await source.latest();
      if (!isUsableRate(latest)) throw new Error(`unusable rate ${JSON.stringify(latest)}`);
      if (rate?.usdBrl !== latest.usdBrl || rate.date !== latest.date)
        log.info('exchange rate', { provider: source.provider, usdBrl: latest.usdBrl, date: latest.date });
      rate = latest;
      return true;
    } catch (error) {
      log.warn('exchange rate refresh failed; keeping the last rate', {
        provider: source.provider,
        error,
        kept: rate?.date ?? null,
      });
      return false;
    }
  }

  return {
    provider: source.provider,
    /** The rate now (null: none known yet, prices are then shown in their own currency). */
    current: (): TExchangeRate | null => rate,
    refresh,
    /** Fetches now, then keeps refreshing until stop(); timers do not hold the process open. */
    start() {
      const tick = async () => {
        const ok = await refresh();
        timer = setTimeout(tick, ok ? refreshMs : Math.min(RETRY_MS, refreshMs));
        timer.unref();
      };
      void tick();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

export type TExchangeRates = ReturnType<typeof createExchangeRates>;
