import type { TExchangeRateAnswer } from '@ingressos/contracts/exchange-rate';
import type { TExchangeRates } from '../../adapters/exchange-rate/index.ts';

/** The rate this process converts prices with, as GET /api/exchange-rate answers it. */
export function getExchangeRate({ rates }: { rates: TExchangeRates }): TExchangeRateAnswer {
  const rate = rates.current();
  return {
    base: 'USD',
    quote: 'BRL',
    rate: rate?.usdBrl ?? null,
    date: rate?.date ?? null,
    source: rates.provider,
    chargedIn: 'event currency',
  };
}
