import type { TExchangeRate, TExchangeRateSource } from './exchange-rate.ts';

/** The local default: the rate and its day as configured (EXCHANGE_RATE_USD_BRL, EXCHANGE_RATE_DATE). */
export function createFixedRate(rate: TExchangeRate): TExchangeRateSource {
  return { provider: 'fixed', latest: async () => rate };
}
