import type { TCurrencyCode } from '@ingressos/domain';
import {
  DEFAULT_DISPLAY_CURRENCY,
  formatShownPrice,
  isConverted,
  type TDisplayCurrency,
  type TExchangeRate,
} from '@ingressos/domain/currency';
import { type ComponentType, useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';

/**
 * conversion-note.tsx's ConversionNote once its module has run (a page before drew a note): the
 * event page, which loads it lazily, then draws it at once on a navigation.
 */
export const loadedNote: { current?: ComponentType<{ charged: string }> } = {};

/** An answer's currency (a receipt's is a plain string): USD or, as every event not in dollars, BRL. */
export const codeOf = (currency: string): TCurrencyCode => (currency === 'USD' ? 'USD' : 'BRL');

/**
 * commerce §1's currency switch: prices as this visitor sees them, `price(value, charged)` in the
 * chosen currency, converted when it differs. The currency and the rate come from the root's data
 * (the server and the hydrating browser draw the same prices; no Intl: money.ts writes them); with
 * none (the root's own error) prices stay in reais. What hydrates every page is here, in the shared
 * i18n chunk; the note near converted prices is in conversion-note.tsx, which the event page loads
 * only to show it.
 */
/** What useMoney reads of the root's data (features/shell/load-shell.server.ts's TShellData). */
type TRootMoney = { currency: TDisplayCurrency; exchangeRate: TExchangeRate | null };

export function useMoney() {
  const root = useRouteLoaderData<TRootMoney>('root');
  const currency = root?.currency ?? DEFAULT_DISPLAY_CURRENCY;
  const rate = root?.exchangeRate ?? null;
  return useMemo(
    () => ({
      currency,
      rate,
      price: (value: number, charged: string) => formatShownPrice(value, codeOf(charged), currency, rate),
      converted: (charged: string) => isConverted(codeOf(charged), currency, rate),
    }),
    [currency, rate],
  );
}
