import type { TLocale } from '@ingressos/domain';
import type { TDisplayCurrency } from '@ingressos/domain/currency';
import { MONEY_SYMBOLS } from '@ingressos/domain/money';
import { useLocation } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import styles from './header.module.css';

const OPTIONS: { locale: TLocale; short: string; key: 'header.languagePt' | 'header.languageEn' }[] = [
  { locale: 'pt-BR', short: 'PT', key: 'header.languagePt' },
  { locale: 'en', short: 'EN', key: 'header.languageEn' },
];

const CURRENCIES: { currency: TDisplayCurrency; key: 'currency.brl' | 'currency.usd' }[] = [
  { currency: 'BRL', key: 'currency.brl' },
  { currency: 'USD', key: 'currency.usd' },
];

/** Where a switch's link comes back to: this page (the language's and the currency's alike). */
function useBack() {
  const { pathname, search } = useLocation();
  return encodeURIComponent(pathname + search);
}

/** Plain links to /idioma, which sets the cookie and comes back: no script needed. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, locale } = useI18n();
  const back = useBack();
  return (
    <nav className={`${styles.languages} ${className}`} aria-label={t('header.language')}>
      {OPTIONS.map((option) => (
        <a
          key={option.locale}
          href={`/idioma?lang=${option.locale}&redirect=${back}`}
          hrefLang={option.locale}
          lang={option.locale}
          aria-current={option.locale === locale ? 'true' : undefined}
          title={t(option.key)}
          rel="nofollow"
        >
          {option.short}
        </a>
      ))}
    </nav>
  );
}

/**
 * commerce §1: BRL or USD, as plain links to /moeda (it sets the cookie and comes back), so the
 * choice works with no script, like the language's (and beside it, in the same chunk every page
 * has). `long` adds the currency's name (the mobile menu).
 */
export function CurrencySwitch({ className = '', long = false }: { className?: string; long?: boolean }) {
  const { t } = useI18n();
  const { currency } = useMoney();
  const back = useBack();
  return (
    <nav className={`${styles.languages} ${className}`} aria-label={t('currency.label')} data-currency-switch>
      {CURRENCIES.map((option) => (
        <a
          key={option.currency}
          href={`/moeda?currency=${option.currency}&redirect=${back}`}
          aria-current={option.currency === currency ? 'true' : undefined}
          title={long ? undefined : t(option.key)}
          rel="nofollow"
        >
          {/* Named by its content (the currency's name, its symbol in it), shown short in the bar. */}
          {long ? (
            t(option.key)
          ) : (
            <>
              <span aria-hidden="true">{MONEY_SYMBOLS[option.currency]}</span>
              <span className="visually-hidden">{t(option.key)}</span>
            </>
          )}
        </a>
      ))}
    </nav>
  );
}
