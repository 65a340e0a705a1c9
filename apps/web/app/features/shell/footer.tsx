import type { TSiteConfig } from '@ingressos/contracts';
import { Link } from 'react-router';
import type { TMessageKey } from '~/i18n/index.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './footer.module.css';

// The banner and its store load after hydration (popups/after-hydration.tsx): the button reaches
// them when pressed, keeping them out of every page's first script (issue 18).
const reopenCookieBanner = () =>
  import('~/shared/consent.ts').then((consent) => consent.openCookiePreferences());

const SECURITY_LINKS: { to: string; key: TMessageKey }[] = [
  { to: '/termos-de-consentimento-para-produtores', key: 'footer.producerConsent' },
  { to: '/politicas-de-privacidade', key: 'footer.privacy' },
  { to: '/direitos-dos-titulares', key: 'footer.dataSubjectRights' },
  { to: '/ingresso-reembolsavel', key: 'footer.refundableTicket' },
  { to: '/meia-entrada', key: 'footer.halfPrice' },
  { to: '/termos-de-uso', key: 'footer.termsOfUse' },
  { to: '/termos-de-transferencia', key: 'footer.termsOfTransfer' },
];

const BADGES: { key: TMessageKey; icon: 'award' | 'lock' | 'shield' | 'fileCheck' }[] = [
  { key: 'footer.badgeAssociation', icon: 'award' },
  { key: 'footer.badgeSsl', icon: 'lock' },
  { key: 'footer.badgeCompliance', icon: 'shield' },
  { key: 'footer.badgeLgpd', icon: 'fileCheck' },
];

export function Footer({ site, year }: { site: TSiteConfig; year: number }) {
  const { t } = useI18n();
  const newTab = <span className="visually-hidden">{t('header.opensInNewTab')}</span>;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-security">
          <h2 id="footer-security">{t('footer.security')}</h2>
          <ul>
            {SECURITY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.linkButton} onClick={reopenCookieBanner}>
                {t('footer.cookiePreferences')}
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-institutional">
          <h2 id="footer-institutional">{t('footer.institutional')}</h2>
          <ul>
            <li>
              <a href="/institucional" {...external}>
                {t('footer.aboutUs')} {newTab}
              </a>
            </li>
            <li>
              <a href={site.ethicsChannelUrl} {...external}>
                {t('footer.ethicsChannel')} {newTab}
              </a>
            </li>
            <li>
              <Link to="/manual-da-marca">{t('footer.brandManual')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.needHelp')}</h2>
          <ul>
            <li>
              <a href={site.helpCenterUrl} {...external}>
                {t('footer.helpCenter')} {newTab}
              </a>
            </li>
          </ul>
          <h2 id="footer-producer">{t('footer.isProducer')}</h2>
          <ul aria-labelledby="footer-producer">
            <li>
              <a href={site.producerFormUrl} {...external}>
                {t('footer.registerEvent')} {newTab}
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-app">
          <h2 id="footer-app">{t('footer.downloadApp')}</h2>
          <ul className={styles.stores}>
            <li>
              <a href={site.appStoreUrl} {...external}>
                {t('footer.appStore')} {newTab}
              </a>
            </li>
            <li>
              <a href={site.playStoreUrl} {...external}>
                {t('footer.googlePlay')} {newTab}
              </a>
            </li>
          </ul>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {site.social.map((network) => (
              <li key={network.name}>
                <a href={network.url} {...external}>
                  {network.name} {newTab}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <ul className={styles.badges}>
        {BADGES.map(({ key, icon }) => (
          <li key={key} className={styles[icon]}>
            {t(key)}
          </li>
        ))}
      </ul>
      <div className={styles.legal}>
        <p>{t('footer.copyright', { year, legalName: site.legalName, taxId: site.taxId })}</p>
        <p>{t('footer.address', { address: site.address })}</p>
      </div>
    </footer>
  );
}

// root.tsx loads it lazily (a boundary that hydrates when its chunk arrives).
export default Footer;
