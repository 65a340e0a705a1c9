import type { TLocale } from '@ingressos/domain';
import { useLocation } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './header.module.css';

const OPTIONS: { locale: TLocale; short: string; key: 'header.languagePt' | 'header.languageEn' }[] = [
  { locale: 'pt-BR', short: 'PT', key: 'header.languagePt' },
  { locale: 'en', short: 'EN', key: 'header.languageEn' },
];

/** Plain links to /idioma, which sets the cookie and comes back: no script needed. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(pathname + search);
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
