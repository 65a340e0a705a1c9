import type { TLocale } from '@ingressos/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createTranslator, type TTranslate } from '~/i18n/index.ts';

type TI18n = { locale: TLocale; t: TTranslate };

const I18nContext = createContext<TI18n | null>(null);

export function I18nProvider({ locale, children }: { locale: TLocale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
