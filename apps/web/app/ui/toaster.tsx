import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from './i18n.tsx';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type TToast } from './toast-store.ts';
import styles from './toaster.module.css';

/**
 * Toasts from the server (rendered in the HTML) and from the page. Two live regions mounted with
 * the shell and never removed (WCAG 4.1.3): a toast added to one already in the page is announced,
 * politely, or at once for errors; a region created with its toast often is not. The shell mounts
 * it inside the sticky header, below its bar: toasts never cover the header's controls.
 */
export function Toaster({ initial }: { initial: TToast[] }) {
  const live = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const { t } = useI18n();
  const all = [...initial, ...live];
  return (
    <section className={styles.region} aria-label={t('app.toastRegion')}>
      <div className={styles.stack} role="alert" aria-live="assertive">
        {all.map((item) => item.kind === 'error' && <ToastItem key={item.id} toast={item} />)}
      </div>
      <div className={styles.stack} role="status" aria-live="polite">
        {all.map((item) => item.kind !== 'error' && <ToastItem key={item.id} toast={item} />)}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: TToast }) {
  const { t } = useI18n();
  // Server toasts are not in the store, so each item also keeps its own visibility.
  const [open, setOpen] = useState(true);
  const close = useCallback(() => {
    setOpen(false);
    dismissToast(toast.id);
  }, [toast.id]);
  useEffect(() => {
    const timer = setTimeout(close, toast.durationMs);
    return () => clearTimeout(timer);
  }, [close, toast.durationMs]);
  if (!open) return null;
  return (
    <div className={`${styles.toast} ${styles[toast.kind]}`} data-toast={toast.kind}>
      <p>{toast.message}</p>
      <button type="button" className={styles.close} onClick={close} aria-label={t('app.close')}>
        ×
      </button>
    </div>
  );
}
