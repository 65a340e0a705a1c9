import { type ReactNode, useId } from 'react';
import styles from './dialog.module.css';
import { useI18n } from './i18n.tsx';
import { MODAL_PRIORITY, useModalDialog } from './modal-queue.ts';

type TDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Called by the × button (and by Escape when `dismissible`). Without it there is no ×. */
  onClose?: () => void;
  /** Escape closes it; never a click outside (spec: pop-ups close by their own buttons). */
  dismissible?: boolean;
  /** Its place in the one modal queue (ui/modal-queue.ts); by default a modal the buyer opened. */
  priority?: number;
  /** Ids of what a screen reader says after the title when it opens (the remaining time, say). */
  describedBy?: string;
  /** Where focus goes on close when the control that opened it is gone (the cart icon, say). */
  returnFocusTo?: () => HTMLElement | null;
};

/**
 * A modal on the native <dialog>: inert page and top layer come from the browser. Focus starts on
 * the element marked `data-autofocus` (else the first control), stays inside while it is open and
 * goes back where it came from on close (ui/modal-queue.ts, issue 20).
 */
export function Dialog({
  open,
  title,
  children,
  onClose,
  dismissible = false,
  priority = MODAL_PRIORITY.opened,
  describedBy,
  returnFocusTo,
}: TDialogProps) {
  // Open only in its turn: two modals never stack (a waiting one keeps its state, closed).
  const ref = useModalDialog(open, priority, returnFocusTo);
  const titleId = useId();
  const { t } = useI18n();
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId}>{title}</h2>
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('app.close')}>
            ×
          </button>
        )}
      </div>
      {children}
    </dialog>
  );
}
