import type { TLocale } from '@ingressos/domain';
import { createContext, type ReactNode, use, useContext } from 'react';
import { type TTranslate, translatorFor } from '~/i18n/format.ts';
import type { TCatalog } from '~/i18n/pt-BR.ts';

type TI18n = { locale: TLocale; t: TTranslate };

const I18nContext = createContext<TI18n | null>(null);

// Issue 18: the catalogue is a static, hashed file per language (vite.config.ts), fetched once a
// visit. Each promise carries its result the way React's `use` reads it (`status`, `value`), so a
// language already fetched renders at once instead of suspending; and its `t` stays the same
// function, so effects that list it (a toast for an action's result) do not run again on each
// revalidation of the root's data.
type TLoading = Promise<TI18n> & { status?: 'fulfilled'; value?: TI18n };
const loading = new Map<string, TLoading>();

/** The server has every catalogue in memory: it puts them here once (entry.server.tsx), never fetching. */
export function keepMessages(locale: TLocale, href: string, catalog: TCatalog) {
  const value = { locale, t: translatorFor(catalog) };
  const ready: TLoading = Promise.resolve(value);
  ready.status = 'fulfilled';
  ready.value = value;
  loading.set(href, ready);
}

/**
 * The same request as the page's <link rel="preload" as="fetch" crossorigin>, which it reuses. Without
 * the file the page never hydrates, so a failure (a network blip, a 5xx) is tried again twice, 0.3 s
 * then 0.6 s later; after the third the promise rejects and the server's HTML stays.
 */
async function fetchCatalog(href: string): Promise<TCatalog> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(href);
      if (response.ok) return await response.json();
    } catch {
      // tried again below
    }
    if (attempt > 2) throw new Error(href);
    await new Promise((wait) => setTimeout(wait, attempt * 300));
  }
}

/** The catalogue at `href`: entry.client.tsx awaits it before hydrating, so hydration finds it loaded. */
export function loadMessages(locale: string, href: string): TLoading {
  const pending = loading.get(href);
  if (!pending) {
    const request: TLoading = fetchCatalog(href).then((catalog) => {
      request.value = { locale: locale as TLocale, t: translatorFor(catalog) };
      request.status = 'fulfilled';
      return request.value;
    });
    loading.set(href, request);
    return request;
  }
  return pending;
}

/**
 * The page's `t` outside components (a route's `meta`): the catalogue this page already has, named
 * by the root's data (the server's kept one, or the browser's fetched before hydration).
 */
export function pageTranslator(matches: readonly ({ loaderData?: unknown } | undefined)[]): TTranslate {
  const href = (matches[0]?.loaderData as { messagesHref?: string } | undefined)?.messagesHref;
  return (href && loading.get(href)?.value?.t) || (() => '');
}

/** `href` names the active language's catalogue file (the root loader's `messagesHref`). */
export function I18nProvider({
  locale,
  href,
  children,
}: {
  locale: TLocale;
  href: string;
  children: ReactNode;
}) {
  // A language changed without a reload suspends the navigation until its file has arrived.
  const value = use<TI18n>(loadMessages(locale, href) as Promise<TI18n>);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
