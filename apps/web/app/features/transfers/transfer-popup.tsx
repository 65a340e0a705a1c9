import { useState } from 'react';
import { Link } from 'react-router';
import { rememberDismissed, wasDismissed } from '~/shared/session-dismissal.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import checkout from '~/ui/panels.module.css';
import styles from './transfers.module.css';

const DISMISSED = 'bilheto.transferPopupDismissed';

/**
 * Spec §4 received-transfer pop-up: pending transfers wait for this user's answer. "Agora não"
 * keeps it away for the rest of the browser session (sessionStorage).
 */
export default function TransferPopup() {
  const { t } = useI18n();
  const [open, setOpen] = useState(() => !wasDismissed(DISMISSED));
  const close = () => {
    rememberDismissed(DISMISSED);
    setOpen(false);
  };
  if (!open) return null;
  return (
    <Dialog
      open
      priority={MODAL_PRIORITY.transfer}
      title={t('transfers.popupTitle')}
      onClose={close}
      dismissible
    >
      <p>{t('transfers.popupText')}</p>
      <div className={styles.actions}>
        <Link className={checkout.primary} to="/transferencias" onClick={() => setOpen(false)}>
          {t('transfers.popupGo')}
        </Link>
        <button type="button" className={checkout.secondary} onClick={close}>
          {t('transfers.popupLater')}
        </button>
      </div>
    </Dialog>
  );
}
