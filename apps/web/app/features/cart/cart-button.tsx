import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { plural } from '~/i18n/plural.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { CartIcon } from '~/ui/icons.tsx';
import { useCartState } from './cart-store.ts';

const CartSummary = lazy(() => import('./cart-summary.tsx'));

/** Spec §2: below this width the cart icon goes straight to /carrinho. */
const SUMMARY_MEDIA = '(min-width: 769px)';

/**
 * The header's cart icon. With items in the cart it opens the mini purchase summary (on wide
 * screens); otherwise, and on small screens, it is a link to /carrinho.
 */
export function CartButton({ className, badgeClassName }: { className: string; badgeClassName: string }) {
  const { t, locale } = useI18n();
  const { cart } = useCartState();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) link.current?.focus();
  }, []);
  // A navigation closes the summary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => setOpen(false), [pathname]);
  const count = cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  return (
    <>
      <Link
        ref={link}
        to="/carrinho"
        className={className}
        aria-label={count > 0 ? plural(t, locale, 'header.cartWithCount', count) : t('header.cart')}
        aria-haspopup={count > 0 ? 'dialog' : undefined}
        aria-expanded={count > 0 ? open : undefined}
        onClick={(event) => {
          if (count > 0 && window.matchMedia(SUMMARY_MEDIA).matches) {
            event.preventDefault();
            setOpen((value) => !value);
          }
        }}
      >
        <CartIcon />
        {count > 0 && (
          <span className={badgeClassName} aria-hidden="true">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </Link>
      {open && cart && (
        <Suspense fallback={null}>
          <CartSummary cart={cart} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
