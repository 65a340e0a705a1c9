import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import { useSecondsLeft } from '~/ui/use-seconds-left.ts';
import { cartEventSlug, clearCart, expireCart, renew, syncCart } from './cart-actions.ts';
import { useCartState } from './cart-store.ts';
import { afterRenew, checkoutPath, sessionWarning, shownModal, type TSpecial } from './session-warning.ts';

/**
 * The cart session's state: reads the cart once a cart may exist (again when the tab comes back),
 * counts down from the server's `exp`, clears an expired cart, and answers the modal to show with
 * its actions.
 */
export function useCartSession() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { cart } = useCartState();
  const left = useSecondsLeft(cart?.exp ?? null);
  // The warning the buyer acted on, as `warningKey` names it: not asked again, the next one is.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [special, setSpecial] = useState<TSpecial | null>(null);
  const [busy, setBusy] = useState(false);
  const slug = useRef<string | null>(null);

  useEffect(() => {
    const read = async () => {
      const { outcome, decreasedQuantity } = await syncCart();
      if (outcome === 'expired') {
        toast.error(t('cart.expired'));
        setSpecial({ kind: 'cartExpired', lost: 0 });
      } else if (outcome && outcome !== 'ok') {
        setSpecial({ kind: outcome, lost: decreasedQuantity });
      }
    };
    slug.current = cartEventSlug();
    void read();
    // The buyer coming back to the tab may find the cart expired: read it again (activation).
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [t]);

  if (cart) slug.current = cart.items[0]?.slug ?? slug.current;

  // Spec §4: an expired cart is cleared and 'Carrinho expirado' applies.
  useEffect(() => {
    if (left !== 0 || !cart) return;
    void expireCart(t).then(() => setSpecial({ kind: 'cartExpired', lost: 0 }));
  }, [left, cart, t]);

  const { timed, warningKey } = sessionWarning(cart?.exp ?? null, left, pathname);
  const dismiss = () => setDismissed(warningKey);
  const actions = {
    dismiss,
    close: () => setSpecial(null),
    confirmClear: () => setSpecial({ kind: 'confirmClear', lost: 0 }),
    go: (path: string) => navigate(path),
    renew: async () => {
      if (!cart) return;
      setBusy(true);
      const ok = await renew(cart.id, t);
      setBusy(false);
      // Not nagged again for the phase the buyer just acted on.
      dismiss();
      const next = afterRenew(ok, pathname);
      if (next) navigate(next);
    },
    clear: async () => {
      setBusy(true);
      const ok = await clearCart(t);
      setBusy(false);
      setSpecial(null);
      if (ok) navigate('/');
    },
    checkout: () => {
      dismiss();
      navigate(checkoutPath(cart));
    },
  };
  return { shown: shownModal(special, timed, warningKey, dismissed), left, busy, special, slug, actions };
}

export type TSessionActions = ReturnType<typeof useCartSession>['actions'];
