import type { TCommissioner, TSiteConfig } from '@ingressos/contracts';
import { lazy, memo, type ReactNode, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { plural } from '~/i18n/plural.ts';
import { forgetOfflineTickets } from '~/shared/offline-forget.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { BellIcon, Logo, SearchIcon, UserIcon } from '~/ui/icons.tsx';
import styles from './header.module.css';
import { CurrencySwitch, LanguageSwitch } from './language-switch.tsx';
import type { TShellUser } from './load-shell.server.ts';
import { MobileMenu } from './mobile-menu.tsx';

// A native disclosure the server draws, working before its script: that (Escape and outside clicks
// close it) comes after hydration, out of every page's first script (the event page's budget).
const SupportMenu = lazy(() => import('./support-menu.tsx'));
// memo: the bar's renders (a navigation, the visitor) must not reach the boundary while it waits
// for its chunk, or it would drop the server's markup for its fallback.
const LazySupportMenu = memo(function LazySupportMenu({ site }: { site: TSiteConfig }) {
  return (
    <Suspense fallback={null}>
      <SupportMenu site={site} />
    </Suspense>
  );
});

export function Header({
  user,
  site,
  seller,
  renderCart,
  children,
}: {
  user: TShellUser | null;
  site: TSiteConfig;
  /** Commissioner mode (commerce §6): who sells; `commissioner` is null for an unknown one. */
  seller?: { commissioner: TCommissioner | null };
  /** The cart icon, from the cart feature; it gets the header's icon-button styles. */
  renderCart: (classes: { className: string; badgeClassName: string }) => ReactNode;
  /** Hangs below the bar (the toasts): never over the greeting, 'Sair' or the cart. */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const cart = renderCart({ className: styles.iconButton ?? '', badgeClassName: styles.badge ?? '' });
  return (
    <header className={styles.header} data-sticky-header>
      <a className={styles.skip} href="#conteudo">
        {t('app.skipToContent')}
      </a>
      <div className={seller ? `${styles.bar} ${styles.sellerBar}` : styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('header.logoLabel', { brand: site.brandName })}>
          <Logo brand={site.brandName} />
        </Link>
        {seller ? (
          <SellerBar commissioner={seller.commissioner} userName={user?.firstName ?? null} cart={cart} />
        ) : (
          <SiteBar user={user} site={site} cart={cart} />
        )}
      </div>
      {children}
    </header>
  );
}

/**
 * The simplified bar of commissioner mode (accounts §3, commerce §6): the commissioner's name with
 * 'Comissario autorizado', the cart, and an account button that does not navigate.
 */
function SellerBar({
  commissioner,
  userName,
  cart,
}: {
  commissioner: TCommissioner | null;
  userName: string | null;
  cart: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <div className={styles.seller}>
        <strong data-testid="commissioner-name">{commissioner?.name ?? t('commissioner.notFound')}</strong>
        {commissioner && <span>{t('commissioner.caption')}</span>}
      </div>
      <div className={styles.actions}>
        <LanguageSwitch />
        {/* commerce §6: in commissioner mode the account button does not navigate. */}
        <button
          type="button"
          className={styles.sellerAccount}
          aria-disabled="true"
          title={t('commissioner.accountInert')}
        >
          <UserIcon />
          <span>{userName ?? t('commissioner.account')}</span>
        </button>
        {cart}
      </div>
    </>
  );
}

/** The site's own bar: menu, search, account links, the bell and the cart. */
function SiteBar({ user, site, cart }: { user: TShellUser | null; site: TSiteConfig; cart: ReactNode }) {
  const { t } = useI18n();
  const { search, pathname } = useLocation();
  const query = pathname === '/resultados' ? (new URLSearchParams(search).get('s') ?? '') : '';
  return (
    <>
      <nav className={styles.nav} aria-label={site.brandName}>
        <Link to="/">{t('header.home')}</Link>
        <LazySupportMenu site={site} />
        {user && <Link to="/meus-ingressos">{t('header.myTickets')}</Link>}
        {user && <Link to="/minha-conta">{t('header.myAccount')}</Link>}
      </nav>
      <search className={styles.searchBox}>
        <form className={styles.search} action="/resultados" method="get">
          <label htmlFor="header-search" className="visually-hidden">
            {t('header.searchLabel')}
          </label>
          <input
            id="header-search"
            name="s"
            type="search"
            defaultValue={query}
            key={query}
            placeholder={t('header.searchPlaceholder')}
            autoComplete="off"
          />
          <button type="submit" aria-label={t('header.searchSubmit')}>
            <SearchIcon />
          </button>
        </form>
      </search>
      <div className={styles.actions}>
        <div className={`${styles.switches} ${styles.desktopOnly}`}>
          <LanguageSwitch />
          <CurrencySwitch />
        </div>
        {user ? (
          <span className={`${styles.greeting} ${styles.desktopOnly}`}>
            {t('header.greeting', { name: user.firstName })}
          </span>
        ) : (
          <span className={`${styles.auth} ${styles.desktopOnly}`}>
            <Link to="/login">{t('header.login')}</Link>
            <Link to="/cadastrar" className={styles.signUp}>
              {t('header.signUp')}
            </Link>
          </span>
        )}
        {user && (
          <form method="post" action="/sair" onSubmit={forgetOfflineTickets} className={styles.desktopOnly}>
            <button type="submit" className={styles.logout}>
              {t('header.logout')}
            </button>
          </form>
        )}
        <NotificationBell count={user?.pendingTransfers ?? 0} />
        {cart}
        <MobileMenu user={user} site={site} />
      </div>
    </>
  );
}

/** Received transfers are the notifications: the bell leads to them and counts the pending ones. */
function NotificationBell({ count }: { count: number }) {
  const { t, locale } = useI18n();
  const label =
    count > 0 ? plural(t, locale, 'header.notificationsWithCount', count) : t('app.notifications');
  return (
    <Link to="/transferencias" className={styles.iconButton} aria-label={label}>
      <BellIcon />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 9 ? '9+' : count}
        </span>
      )}
    </Link>
  );
}
