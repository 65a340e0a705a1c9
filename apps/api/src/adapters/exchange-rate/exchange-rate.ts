import type { TExchangeRate } from '@ingressos/domain/currency';

export type { TExchangeRate };

/** Where the US dollar's rate in reais comes from (commerce §1's currency switch). */
export type TExchangeRateSource = {
  provider: 'fixed' | 'bcb-ptax';
  /** The latest published rate; throws when the source cannot be reached or has none. */
  latest(): Promise<TExchangeRate>;
};
