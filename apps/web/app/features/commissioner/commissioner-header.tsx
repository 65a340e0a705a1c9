import type { TCommissioner, TSiteConfig } from '@ingressos/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { Logo, UserIcon } from '~/ui/icons.tsx';
import styles from './commissioner.module.css';

/**
 * The simplified header of commissioner mode (accounts §3, commerce §6): the commissioner's name with
 * 'Comissario autorizado', the cart, and an account button that does not navigate.
 */
export function CommissionerHeader({
  commissioner,
  site,
  userName,
  renderCart,
  languageSwitch,
  children,
}: {
  commissioner: TCommissioner | null;
  site: TSiteConfig;
  userName: string | null;
  renderCart: (classes: { className: string; badgeClassName: string }) => ReactNode;
  languageSwitch: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <header className={styles.header} data-sticky-header>
      <a className={styles.skip} href="#conteudo">
        {t('app.skipToContent')}
      </a>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('header.logoLabel', { brand: site.brandName })}>
          <Logo brand={site.brandName} />
        </Link>
        <div className={styles.seller}>
          <strong data-testid="commissioner-name">{commissioner?.name ?? t('commissioner.notFound')}</strong>
          {commissioner && <span>{t('commissioner.caption')}</span>}
        </div>
        <div className={styles.actions}>
          {languageSwitch}
          {/* commerce §6: in commissioner mode the account button does not navigate. */}
          <button
            type="button"
            className={styles.account}
            aria-disabled="true"
            title={t('commissioner.accountInert')}
          >
            <UserIcon />
            <span>{userName ?? t('commissioner.account')}</span>
          </button>
          {renderCart({ className: styles.iconButton ?? '', badgeClassName: styles.badge ?? '' })}
        </div>
      </div>
      {children}
    </header>
  );
}
