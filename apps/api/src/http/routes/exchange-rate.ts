import { Hono } from 'hono';
import type { TExchangeRates } from '../../adapters/exchange-rate/index.ts';
import { getExchangeRate } from '../../modules/exchange-rate/get-exchange-rate.ts';
import type { TAppEnv } from '../env.ts';

/** GET /api/exchange-rate: the same for everyone, so browsers and a CDN may keep it five minutes. */
export function exchangeRateRoutes(rates: TExchangeRates) {
  return new Hono<TAppEnv>().get('/exchange-rate', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(getExchangeRate({ rates }));
  });
}
