import type { TLocale } from '@ingressos/domain';
import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';
import { type TTranslate, translatorFor } from '~/i18n/format.ts';
import type { TCatalog } from '~/i18n/pt-BR.ts';

type TI18n = { locale: TLocale; t: TTranslate };

const I18nContext = createContext<TI18n | null>(null);

/** `messages` is the active language's catalogue, sent once with the root loader's data. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: TLocale;
  messages: TCatalog;
  children: ReactNode;
}) {
  // Every revalidation after an action brings the root's data again, the catalogue as a new object
  // with the same words. `t` stays the same function while the language does: effects that list it
  // (a toast for an action's result) ran again on each revalidation, and showed their toast twice.
  const current = useRef<TI18n | null>(null);
  const value = useMemo(() => {
    if (current.current?.locale !== locale) current.current = { locale, t: translatorFor(messages) };
    return current.current;
  }, [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
