import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from './i18n.tsx';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type TToast } from './toast-store.ts';
import styles from './toaster.module.css';

/** Toasts from the server (rendered in the HTML) and from the page, in one live region. */
export function Toaster({ initial }: { initial: TToast[] }) {
  const live = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const { t } = useI18n();
  return (
    <section className={styles.region} aria-label={t('app.toastRegion')}>
      {[...initial, ...live].map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
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
    <div
      className={`${styles.toast} ${styles[toast.kind]}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      <p>{toast.message}</p>
      <button type="button" className={styles.close} onClick={close} aria-label={t('app.close')}>
        ×
      </button>
    </div>
  );
}
