import { z } from 'zod';

/** GET /api/exchange-rate: the rate the pages convert prices with (commerce §1's currency switch). */
export const ZExchangeRateAnswer = z.object({
  base: z.literal('USD'),
  quote: z.literal('BRL'),
  /** Reais per US dollar; null while no rate is known (prices are then shown in their own currency). */
  rate: z.number().positive().nullable(),
  /** The day the rate is of (YYYY-MM-DD). */
  date: z.string().nullable(),
  source: z.enum(['fixed', 'bcb-ptax']),
  /** Every price is charged in its event's currency: a converted price is only an approximation. */
  chargedIn: z.literal('event currency'),
});
export type TExchangeRateAnswer = z.infer<typeof ZExchangeRateAnswer>;
