import type { TSiteConfig } from '@ingressos/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { CloseIcon, MenuIcon } from '~/ui/icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import type { TShellUser } from './load-shell.server.ts';
import styles from './mobile-menu.module.css';
import { isSwipeRight, type TPoint } from './swipe.ts';

/** The side menu of small screens (below 769 px); it closes on a swipe right, Escape or the ×. */
export function MobileMenu({ user, site }: { user: TShellUser | null; site: TSiteConfig }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<TPoint | null>(null);
  const { pathname } = useLocation();

  // Following a link inside the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const newTab = t('header.opensInNewTab');
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={styles.opener}
        aria-label={t('header.openMenu')}
        aria-expanded={open}
        aria-controls="menu-lateral"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      {open && (
        <>
          {/* The backdrop is a pointer convenience; Escape and the × close the menu too. */}
          <div className={styles.overlay} onClick={close} aria-hidden="true" />
          <div
            id="menu-lateral"
            ref={panel}
            className={styles.panel}
            role="dialog"
            aria-modal="true"
            aria-label={t('menu.title')}
            tabIndex={-1}
            onTouchStart={(event) => {
              const touch = event.touches[0];
              touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
            }}
            onTouchEnd={(event) => {
              const touch = event.changedTouches[0];
              const start = touchStart.current;
              touchStart.current = null;
              if (start && touch && isSwipeRight(start, { x: touch.clientX, y: touch.clientY })) close();
            }}
          >
            <div className={styles.top}>
              <span className={styles.title}>{t('menu.title')}</span>
              <button type="button" className={styles.close} onClick={close} aria-label={t('app.close')}>
                <CloseIcon />
              </button>
            </div>
            {user && <p className={styles.greeting}>{t('header.greeting', { name: user.firstName })}</p>}
            <ul className={styles.list}>
              {user ? (
                <li>
                  <Link to="/meus-ingressos">{t('menu.myTickets')}</Link>
                </li>
              ) : (
                <li>
                  <Link to="/login">{t('menu.login')}</Link>
                </li>
              )}
              <li>
                <Link to="/carrinho">{t('menu.myCart')}</Link>
              </li>
              <li>
                <a href={site.helpCenterUrl} target="_blank" rel="noopener noreferrer">
                  {t('menu.help')} <span className="visually-hidden">{newTab}</span>
                </a>
              </li>
              <li>
                <a href={site.producerFormUrl} target="_blank" rel="noopener noreferrer">
                  {t('menu.registerEvent')} <span className="visually-hidden">{newTab}</span>
                </a>
              </li>
              {user && (
                <li>
                  <form method="post" action="/sair">
                    <button type="submit">{t('menu.logout')}</button>
                  </form>
                </li>
              )}
            </ul>
            <LanguageSwitch className={styles.languages} />
          </div>
        </>
      )}
    </>
  );
}
