import type { TLocale } from '@ingressos/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
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
  const value = useMemo(() => ({ locale, t: translatorFor(messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
