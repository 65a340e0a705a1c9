import { type ReactNode, useId } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY, useModalDialog } from '~/ui/modal-queue.ts';
import styles from './tickets.module.css';

type TQrDialogProps = {
  open: boolean;
  onClose: () => void;
  qrSvg: string;
  alt: string;
  eventName: string;
  detail: string;
  holder: string;
  /** Issue 35: the rotating code, drawn instead of the static QR. */
  code?: ReactNode;
};

/**
 * The ticket's QR code as big as the screen allows, on white, for the gate's scanner. A native
 * modal <dialog>: the page goes inert, Escape closes it, and focus goes back to the button that
 * opened it (the caller keeps that button).
 */
export function QrDialog({ open, onClose, qrSvg, alt, eventName, detail, holder, code }: TQrDialogProps) {
  const { t } = useI18n();
  const ref = useModalDialog(open, MODAL_PRIORITY.opened);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={styles.qrDialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.qrHead}>
            <h2 id={titleId}>{eventName}</h2>
            <button type="button" className={styles.qrClose} onClick={onClose} aria-label={t('app.close')}>
              ×
            </button>
          </div>
          <p className={styles.qrDetail}>{detail}</p>
          {code ?? <img className={styles.qrBig} src={qrSvg} alt={alt} />}
          <p className={styles.qrHolder}>{holder}</p>
          <p className={styles.qrHint}>
            <svg
              width={20}
              height={20}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="4" />
              <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
            </svg>
            {t('tickets.brightness')}
          </p>
        </>
      )}
    </dialog>
  );
}
