import type { TSiteConfig } from '@ingressos/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { forgetOfflineTickets } from '~/shared/offline-forget.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { MenuIcon } from '~/ui/icons.tsx';
import styles from './header.module.css';
import type { TShellUser } from './load-shell.server.ts';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel.tsx'));

/** The side menu of small screens (below 769 px): the button is on every page, the panel loads on first open. */
export function MobileMenu({ user, site }: { user: TShellUser | null; site: TSiteConfig }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Following a link inside the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  // Focus goes back to the button once the panel is gone: while the modal panel is open the
  // button is inert and cannot take it.
  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    opener.current?.focus();
  }, [open]);

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
        <Suspense fallback={null}>
          <MobileMenuPanel user={user} site={site} close={close} onLogout={forgetOfflineTickets} />
        </Suspense>
      )}
    </>
  );
}
