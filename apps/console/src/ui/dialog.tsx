import { type ReactNode, useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n.tsx';

/**
 * A modal dialog on the browser's own <dialog>: showModal() keeps the focus inside, Escape
 * closes it, and the focus goes back to what opened it.
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { t } = useI18n();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="dialog-title" className="dialog">
      {open ? (
        <>
          <div className="dialog-head">
            <h2 id="dialog-title">{title}</h2>
            <button type="button" className="button-quiet" onClick={onClose} aria-label={t('common.close')}>
              ×
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
