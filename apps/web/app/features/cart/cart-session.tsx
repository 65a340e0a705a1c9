import type { TActivationOutcome } from '@ingressos/contracts/cart';
import { sessionModalFor, type TSessionModal } from '@ingressos/domain/cart';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { plural } from '~/i18n/plural.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import { toast } from '~/ui/toast-store.ts';
import { clock, useSecondsLeft } from '~/ui/use-seconds-left.ts';
import styles from './cart.module.css';
import { cartEventSlug, clearCart, expireCart, renew, syncCart } from './cart-actions.ts';
import { useCartState } from './cart-store.ts';

type TOutcome = Exclude<TActivationOutcome, 'ok'>;
type TShown = TSessionModal | TOutcome | 'confirmClear';

/**
 * The cart-session modal of spec §2, on every page of the non-commissioner layout. It reads the
 * cart once a cart may exist, counts down from the server's `exp`, and shows the modal the
 * remaining time calls for (`sessionModalFor`: warning 62–180 s, final ≤ 60 s). Activation
 * (a cart that expired while the buyer was away) reports what was lost.
 */
export default function CartSession() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { cart } = useCartState();
  const left = useSecondsLeft(cart?.exp ?? null);
  const [dismissed, setDismissed] = useState<TSessionModal | null>(null);
  const [special, setSpecial] = useState<{
    kind: TOutcome | 'cartExpired' | 'confirmClear';
    lost: number;
  } | null>(null);
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

  const timed: TSessionModal =
    cart && left !== null && left > 0 ? sessionModalFor(left, pathname === '/pagamento') : 'none';
  const shown: TShown = special?.kind ?? (timed !== dismissed ? timed : 'none');
  if (shown === 'none') return null;

  const onRenew = async () => {
    if (!cart) return;
    setBusy(true);
    const ok = await renew(cart.id, t);
    setBusy(false);
    // Not nagged again for the phase the buyer just acted on.
    setDismissed(timed);
    if (ok && pathname !== '/carrinho' && pathname !== '/pagamento') navigate('/carrinho');
  };
  const onClear = async () => {
    setBusy(true);
    const ok = await clearCart(t);
    setBusy(false);
    setSpecial(null);
    if (ok) navigate('/');
  };
  const onCheckout = () => {
    setDismissed(timed);
    if (cart && cart.incompleteTables.length > 0) navigate(`/eventmap/${cart.items[0]?.slug ?? ''}`);
    else navigate('/pagamento');
  };
  const close = () => setSpecial(null);
  // Issue 20 (WCAG 2.2.1): the warnings are described by their text and the remaining time, so a
  // screen reader says both when one opens; focus starts on the button that renews.
  const timer = left !== null && left > 0 && (
    <p id="cart-modal-timer" className={styles.timer} role="timer" aria-live="off">
      {t('cart.modal.timer', { time: clock(left) })}
    </p>
  );

  // Both timer warnings start on renewing (issue 20): busy, it stays focusable but does nothing.
  const renewButton = (
    <button
      type="button"
      className={styles.primary}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : onRenew}
      data-autofocus
    >
      {t('cart.modal.renew')}
    </button>
  );
  switch (shown) {
    case 'areYouStillThere':
      return (
        <Dialog
          key={shown}
          priority={MODAL_PRIORITY.cart}
          open
          title={t('cart.modal.areYouStillThere')}
          onClose={() => setDismissed(timed)}
          describedBy="cart-modal-text cart-modal-timer"
        >
          <p id="cart-modal-text">{t('cart.modal.areYouStillThereText')}</p>
          {timer}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              aria-disabled={busy || undefined}
              onClick={busy ? undefined : onRenew}
              data-autofocus
            >
              {t('cart.modal.keepShopping')}
            </button>
          </div>
        </Dialog>
      );
    case 'finalizePurchase':
      return (
        <Dialog
          key={shown}
          priority={MODAL_PRIORITY.cart}
          open
          title={t('cart.modal.finalizePurchase')}
          onClose={() => setDismissed(timed)}
          describedBy="cart-modal-text cart-modal-timer"
        >
          <p id="cart-modal-text">{t('cart.modal.finalizePurchaseText')}</p>
          {timer}
          <div className={styles.actions}>
            {renewButton}
            <button
              type="button"
              className={styles.secondary}
              onClick={() => setSpecial({ kind: 'confirmClear', lost: 0 })}
            >
              {t('cart.clear')}
            </button>
            <button type="button" className={styles.primary} onClick={onCheckout}>
              {t('cart.modal.checkout')}
            </button>
          </div>
        </Dialog>
      );
    case 'confirmClear':
      return (
        <Dialog key={shown} priority={MODAL_PRIORITY.cart} open title={t('cart.modal.confirmClear')}>
          <p>{t('cart.modal.confirmClearText')}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={close}>
              {t('cart.modal.cancel')}
            </button>
            <button type="button" className={styles.danger} disabled={busy} onClick={onClear}>
              {t('cart.modal.confirmClearButton')}
            </button>
          </div>
        </Dialog>
      );
    case 'sessionEnding':
      return (
        <Dialog
          key={shown}
          priority={MODAL_PRIORITY.cart}
          open
          title={t('cart.modal.sessionEnding')}
          describedBy="cart-modal-text cart-modal-timer"
        >
          <p id="cart-modal-text">{t('cart.modal.sessionEndingText')}</p>
          {timer}
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} disabled={busy} onClick={onClear}>
              {t('cart.modal.cancelPurchase')}
            </button>
            {renewButton}
          </div>
        </Dialog>
      );
    case 'cartExpired':
      return (
        <Dialog
          key={shown}
          priority={MODAL_PRIORITY.cart}
          open
          title={t('cart.expired')}
          onClose={close}
          dismissible
        >
          <p>{t('cart.modal.cartExpiredText')}</p>
          {slug.current && (
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.primary}
                onClick={() => {
                  close();
                  navigate(`/events/${slug.current}`);
                }}
              >
                {t('cart.modal.goToEvent')}
              </button>
            </div>
          )}
        </Dialog>
      );
    case 'lotPartiallySold':
      return (
        <Dialog key={shown} priority={MODAL_PRIORITY.cart} open title={t('cart.modal.lotPartiallySold')}>
          <p>{plural(t, locale, 'cart.modal.lotPartiallySoldText', special?.lost ?? 0)}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                close();
                navigate(slug.current ? `/events/${slug.current}` : '/');
              }}
            >
              {t('cart.modal.chooseAnother')}
            </button>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                close();
                navigate('/carrinho');
              }}
            >
              {t('cart.modal.finalizeAvailable')}
            </button>
          </div>
        </Dialog>
      );
    default:
      return (
        <Dialog
          key={shown}
          priority={MODAL_PRIORITY.cart}
          open
          title={shown === 'lotSoldOut' ? t('cart.modal.lotSoldOut') : t('cart.modal.multipleLotsSoldOut')}
        >
          <p>
            {shown === 'lotSoldOut'
              ? t('cart.modal.lotSoldOutText')
              : t('cart.modal.multipleLotsSoldOutText')}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={close}>
              {t('cart.modal.ok')}
            </button>
          </div>
        </Dialog>
      );
  }
}
