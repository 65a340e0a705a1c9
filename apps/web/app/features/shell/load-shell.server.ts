import type { TCommissioner, TSiteConfig } from '@ingressos/contracts';
import { apiPath } from '@ingressos/contracts/endpoints';
import type { TVisitorAnswer } from '@ingressos/contracts/visitor';
import type { TLocale } from '@ingressos/domain';
import type { TDisplayCurrency, TExchangeRate } from '@ingressos/domain/currency';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { createTranslator } from '~/i18n/index.ts';
import { messagesHref } from '~/i18n/messages-file.server.ts';
import { requestServices } from '~/server-context.ts';
import type { TShellUser } from '~/shared/shell-user.ts';
import { TOAST_MS, type TToast } from '~/ui/toast-store.ts';

export type { TShellUser };

export type TShellData = {
  locale: TLocale;
  /** commerce §1's currency switch: the visitor's choice and the rate prices are converted with. */
  currency: TDisplayCurrency;
  exchangeRate: TExchangeRate | null;
  /** The active language's UI strings, a static file the browser fetches once (not inline: issue 18). */
  messagesHref: string;
  nonce: string;
  /** The chat/CRM widget origins this page's CSP allows (issue 17's remote switches). */
  widgetOrigins: string[];
  site: TSiteConfig;
  user: TShellUser | null;
  toasts: TToast[];
  year: number;
  /** commerce §6: commissioner mode's commissioner, or null on the site. */
  commissioner: TCommissioner | null;
  /** A commissioner link or stored id that names no active commissioner: 'Comissário não encontrado'. */
  commissionerNotFound: boolean;
};

/** Commissioner mode as the root resolved it, with the cookie to set or clear, if any. */
export type TShellMode = { commissioner: TCommissioner | null; notFound: boolean; setCookie?: string };

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sid=/;

/** What every page's frame needs: language, deployment facts, who is logged in, flash toasts. */
export async function loadShell(
  request: Request,
  context: Readonly<RouterContextProvider>,
  mode: TShellMode = { commissioner: null, notFound: false },
) {
  const { locale, currency, exchangeRate, nonce, widgetOrigins, site, api } = context.get(requestServices);
  const t = createTranslator(locale);
  const url = new URL(request.url);
  const validation = url.searchParams.get('validationEmail');
  const toasts: TToast[] = [];
  if (validation === 'true') {
    toasts.push({
      id: 'validationEmail',
      kind: 'success',
      message: t('app.validationEmail.success'),
      durationMs: TOAST_MS.success,
    });
  } else if (validation === 'false') {
    toasts.push({
      id: 'validationEmail',
      kind: 'error',
      message: t('app.validationEmail.failure'),
      durationMs: TOAST_MS.error,
    });
  }

  // Renewing the session slides its expiry; the API's Set-Cookie is passed on to the browser.
  // The same call a shared page's frame makes after load (issue 18): one shape of the user.
  const hadSession = SESSION_COOKIE.test(request.headers.get('cookie') ?? '');
  const answer = hadSession ? await api(apiPath('visitor')) : null;
  const headers = new Headers();
  for (const cookie of answer?.headers.getSetCookie() ?? []) headers.append('Set-Cookie', cookie);
  if (mode.setCookie) headers.append('Set-Cookie', mode.setCookie);
  let user: TShellUser | null = null;
  if (answer?.ok) {
    user = ((await answer.json()) as TVisitorAnswer).user;
  } else if (answer?.status === 401 && url.pathname !== '/login') {
    // Spec §4: a failed renewal logs the user out and sends them to /login.
    const back = encodeURIComponent(url.pathname + url.search);
    throw redirect(`/login?redirect=${back}`, { headers });
  }
  const shell: TShellData = {
    locale,
    currency,
    exchangeRate,
    messagesHref: messagesHref(locale),
    nonce,
    widgetOrigins,
    site,
    user,
    toasts,
    year: new Date().getFullYear(),
    commissioner: mode.commissioner,
    commissionerNotFound: mode.notFound,
  };
  return data(shell, { headers });
}
