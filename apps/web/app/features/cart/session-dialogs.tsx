import { plural } from '~/i18n/plural.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import { clock } from '~/ui/use-seconds-left.ts';
import styles from './cart.module.css';
import type { TOutcome } from './session-warning.ts';
import type { TSessionActions } from './use-cart-session.ts';

type TTimed = { left: number | null; busy: boolean; actions: TSessionActions };

/**
 * Issue 20 (WCAG 2.2.1): the warnings are described by their text and the remaining time, so a
 * screen reader says both when one opens; focus starts on the button that renews.
 */
function Timer({ left }: { left: number | null }) {
  const { t } = useI18n();
  if (left === null || left <= 0) return null;
  return (
    <p id="cart-modal-timer" className={styles.timer} role="timer" aria-live="off">
      {t('cart.modal.timer', { time: clock(left) })}
    </p>
  );
}

/** Both timer warnings start on renewing (issue 20): busy, it stays focusable but does nothing. */
function RenewButton({
  busy,
  actions,
  label,
}: TTimed & { label: 'cart.modal.renew' | 'cart.modal.keepShopping' }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={styles.primary}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : actions.renew}
      data-autofocus
    >
      {t(label)}
    </button>
  );
}

export function AreYouStillThere(p: TTimed) {
  const { t } = useI18n();
  return (
    <Dialog
      priority={MODAL_PRIORITY.cart}
      open
      title={t('cart.modal.areYouStillThere')}
      onClose={p.actions.dismiss}
      describedBy="cart-modal-text cart-modal-timer"
    >
      <p id="cart-modal-text">{t('cart.modal.areYouStillThereText')}</p>
      <Timer left={p.left} />
      <div className={styles.actions}>
        <RenewButton {...p} label="cart.modal.keepShopping" />
      </div>
    </Dialog>
  );
}

export function FinalizePurchase(p: TTimed) {
  const { t } = useI18n();
  return (
    <Dialog
      priority={MODAL_PRIORITY.cart}
      open
      title={t('cart.modal.finalizePurchase')}
      onClose={p.actions.dismiss}
      describedBy="cart-modal-text cart-modal-timer"
    >
      <p id="cart-modal-text">{t('cart.modal.finalizePurchaseText')}</p>
      <Timer left={p.left} />
      <div className={styles.actions}>
        <RenewButton {...p} label="cart.modal.renew" />
        <button type="button" className={styles.secondary} onClick={p.actions.confirmClear}>
          {t('cart.clear')}
        </button>
        <button type="button" className={styles.primary} onClick={p.actions.checkout}>
          {t('cart.modal.checkout')}
        </button>
      </div>
    </Dialog>
  );
}

export function SessionEnding(p: TTimed) {
  const { t } = useI18n();
  return (
    <Dialog
      priority={MODAL_PRIORITY.cart}
      open
      title={t('cart.modal.sessionEnding')}
      describedBy="cart-modal-text cart-modal-timer"
    >
      <p id="cart-modal-text">{t('cart.modal.sessionEndingText')}</p>
      <Timer left={p.left} />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={p.busy} onClick={p.actions.clear}>
          {t('cart.modal.cancelPurchase')}
        </button>
        <RenewButton {...p} label="cart.modal.renew" />
      </div>
    </Dialog>
  );
}

export function ConfirmClear({ busy, actions }: { busy: boolean; actions: TSessionActions }) {
  const { t } = useI18n();
  return (
    <Dialog priority={MODAL_PRIORITY.cart} open title={t('cart.modal.confirmClear')}>
      <p>{t('cart.modal.confirmClearText')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={actions.close}>
          {t('cart.modal.cancel')}
        </button>
        <button type="button" className={styles.danger} disabled={busy} onClick={actions.clear}>
          {t('cart.modal.confirmClearButton')}
        </button>
      </div>
    </Dialog>
  );
}

export function CartExpired({ slug, actions }: { slug: string | null; actions: TSessionActions }) {
  const { t } = useI18n();
  return (
    <Dialog priority={MODAL_PRIORITY.cart} open title={t('cart.expired')} onClose={actions.close} dismissible>
      <p>{t('cart.modal.cartExpiredText')}</p>
      {slug && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            onClick={() => {
              actions.close();
              actions.go(`/events/${slug}`);
            }}
          >
            {t('cart.modal.goToEvent')}
          </button>
        </div>
      )}
    </Dialog>
  );
}

export function LotPartiallySold({
  slug,
  lost,
  actions,
}: {
  slug: string | null;
  lost: number;
  actions: TSessionActions;
}) {
  const { t, locale } = useI18n();
  const closeAndGo = (path: string) => () => {
    actions.close();
    actions.go(path);
  };
  return (
    <Dialog priority={MODAL_PRIORITY.cart} open title={t('cart.modal.lotPartiallySold')}>
      <p>{plural(t, locale, 'cart.modal.lotPartiallySoldText', lost)}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={closeAndGo(slug ? `/events/${slug}` : '/')}
        >
          {t('cart.modal.chooseAnother')}
        </button>
        <button type="button" className={styles.primary} onClick={closeAndGo('/carrinho')}>
          {t('cart.modal.finalizeAvailable')}
        </button>
      </div>
    </Dialog>
  );
}

export function SoldOut({ shown, actions }: { shown: TOutcome; actions: TSessionActions }) {
  const { t } = useI18n();
  return (
    <Dialog
      priority={MODAL_PRIORITY.cart}
      open
      title={shown === 'lotSoldOut' ? t('cart.modal.lotSoldOut') : t('cart.modal.multipleLotsSoldOut')}
    >
      <p>
        {shown === 'lotSoldOut' ? t('cart.modal.lotSoldOutText') : t('cart.modal.multipleLotsSoldOutText')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={actions.close}>
          {t('cart.modal.ok')}
        </button>
      </div>
    </Dialog>
  );
}
