import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { rememberDismissed, wasDismissed } from '~/shared/session-dismissal.ts';
import { Dialog } from '~/ui/dialog.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';

/** Closing the pop-up holds for the rest of the tab's life (shared/session-dismissal.ts). */
const DISMISSED = 'ongoingPurchaseDismissed';

/** Spec accounts §"Pop-ups" and commerce §4 "Ongoing purchase": a pending payment awaits the buyer. */
export function OngoingPurchaseDialog() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The shell's flag may be stale after client-side navigations (a payment settled or expired
  // meanwhile): ask once more before interrupting the buyer.
  useEffect(() => {
    if (wasDismissed(DISMISSED)) return;
    let live = true;
    api('ongoingExists').then((answer) => live && answer.ok && answer.body.ongoing && setOpen(true));
    return () => {
      live = false;
    };
  }, []);
  const close = () => {
    rememberDismissed(DISMISSED);
    setOpen(false);
  };
  if (!open) return null;
  return (
    <Dialog
      open
      priority={MODAL_PRIORITY.ongoingPurchase}
      title={t('ongoing.title')}
      onClose={close}
      dismissible
    >
      <div className={styles.form}>
        <p className={styles.hint}>{t('ongoing.text')}</p>
        <button type="button" className={styles.primary} onClick={() => navigate('/pagamento')}>
          {t('ongoing.goToPayment')}
        </button>
        <button type="button" className={styles.secondary} onClick={close}>
          {t('ongoing.later')}
        </button>
      </div>
    </Dialog>
  );
}
