import type { TLocale } from '@ingressos/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { en } from './en.ts';
import { dateTime, money } from './format.ts';
import { gateEn } from './gate-en.ts';
import { gatePtBR } from './gate-pt-BR.ts';
import { producerEn } from './producer-en.ts';
import { producerEn2 } from './producer-en-2.ts';
import { producerPtBR } from './producer-pt-BR.ts';
import { producerPtBR2 } from './producer-pt-BR-2.ts';
import { ptBR, type TMessageKey } from './pt-BR.ts';

const CATALOGUES: Record<TLocale, Record<TMessageKey, string>> = {
  'pt-BR': { ...ptBR, ...producerPtBR, ...producerPtBR2, ...gatePtBR },
  en: { ...en, ...producerEn, ...producerEn2, ...gateEn },
};

export type TT = (key: TMessageKey, vars?: Record<string, string | number>) => string;

type TI18n = {
  locale: TLocale;
  t: TT;
  money: (cents: number, currency: string) => string;
  date: (iso: string | null | undefined) => string;
};

const I18nContext = createContext<TI18n | null>(null);

/** Portuguese first; English beside it, chosen like the storefront's language (the `lang` cookie). */
export function I18nProvider({ locale, children }: { locale: TLocale; children: ReactNode }) {
  const value = useMemo<TI18n>(() => {
    const catalogue = CATALOGUES[locale];
    return {
      locale,
      t: (key, vars) =>
        vars
          ? (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
              String(vars[name] ?? whole),
            )
          : (catalogue[key] ?? key),
      money: (cents, currency) => money(cents, currency, locale),
      date: (iso) => dateTime(iso, locale),
    };
  }, [locale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): TI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
