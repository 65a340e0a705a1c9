import type { TSiteConfig } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDisplayCurrency, TExchangeRate } from '@ingressos/domain/currency';
import { createContext } from 'react-router';

/** What the hosting server hands every loader and action for one request. */
export type TRequestServices = {
  locale: TLocale;
  /** The currency switch's choice (commerce §1), and the rate prices are converted with (null: none known). */
  currency: TDisplayCurrency;
  exchangeRate: TExchangeRate | null;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The widget origins this response's CSP allows: the browser loads no other widget. */
  widgetOrigins: string[];
  requestId: string;
  site: TSiteConfig;
  /** False only for plain-http localhost, where browsers drop Secure cookies. */
  secureCookies: boolean;
  /**
   * Calls this product's own HTTP API in-process, carrying the visitor's cookies, so the
   * pages are clients of the same contract as the browser and the mobile app.
   */
  api: (path: string, init?: RequestInit) => Promise<Response>;
  /** commerce §6: the token commissioner landing-page calls carry (from the environment; '' when unset). Server only. */
  commissionerToken: string;
};

export const requestServices = createContext<TRequestServices>();
