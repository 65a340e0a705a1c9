import type { TSiteConfig } from '@ingressos/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { trapTab } from '~/ui/focus.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { CloseIcon } from '~/ui/icons-later.tsx';
import { CurrencySwitch, LanguageSwitch } from './language-switch.tsx';
import type { TShellUser } from './load-shell.server.ts';
import styles from './mobile-menu.module.css';
import { isSwipeRight, type TPoint } from './swipe.ts';

export type TMobileMenuPanelProps = {
  user: TShellUser | null;
  site: TSiteConfig;
  close: () => void;
  /** Issue 35: what logging out removes from the device (passed in: its module stays in the shell's chunk). */
  onLogout: () => void;
};

/**
 * The open side menu, loaded only when someone opens it (it is not part of any page's first
 * load). It closes on a swipe right, Escape, the × or a tap on the backdrop. Issue 20: a native
 * modal <dialog> (showModal), so the page behind is inert: Tab never walks into it, at 375 px or
 * on a desktop zoomed to 200%.
 */
export default function MobileMenuPanel({ user, site, close, onLogout }: TMobileMenuPanelProps) {
  const { t } = useI18n();
  const panel = useRef<HTMLDialogElement>(null);
  const touchStart = useRef<TPoint | null>(null);

  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    // The page behind is inert; Tab past the last link wraps to the first instead of leaving the page.
    const onKey = (event: KeyboardEvent) => trapTab(dialog, event);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('keydown', onKey);
      dialog.close();
    };
  }, []);

  const newTab = t('header.opensInNewTab');
  return (
    // The backdrop is a pointer convenience (a click on it lands on the <dialog> itself); Escape and
    // the × close the menu too.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it through onCancel
    <dialog
      id="menu-lateral"
      ref={panel}
      className={styles.panel}
      aria-label={t('menu.title')}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) {
          const box = event.currentTarget.getBoundingClientRect();
          const inside =
            event.clientX >= box.left &&
            event.clientX <= box.right &&
            event.clientY >= box.top &&
            event.clientY <= box.bottom;
          if (!inside) close();
        }
      }}
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
            <form method="post" action="/sair" onSubmit={onLogout}>
              <button type="submit">{t('menu.logout')}</button>
            </form>
          </li>
        )}
      </ul>
      <div className={styles.switches}>
        <div className={styles.switchRow}>
          <span aria-hidden="true">{t('header.language')}</span>
          <LanguageSwitch className={`${styles.languages} ${styles.segmented}`} />
        </div>
        <div className={styles.switchRow}>
          <span aria-hidden="true">{t('currency.label')}</span>
          <CurrencySwitch className={`${styles.languages} ${styles.segmented}`} long />
        </div>
      </div>
    </dialog>
  );
}
