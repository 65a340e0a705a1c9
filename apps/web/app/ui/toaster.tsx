import { type RefObject, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
  const region = useRef<HTMLElement>(null);
  const aside = useClearOfFocus(region, all.length);
  return (
    <section
      ref={region}
      className={`${styles.region} ${aside ? styles.aside : ''}`}
      aria-label={t('app.toastRegion')}
    >
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

const meets = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Issue 31 (WCAG 2.4.11): a toast never hides the control that has the keyboard focus. Where the
 * toasts hang over the page (wide screens; on phones they push it down), the region moves to the
 * other side of the header when the focused control is under it, and back when that one is.
 */
function useClearOfFocus(region: RefObject<HTMLElement | null>, count: number): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    if (count === 0) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const node = region.current;
      const focused = document.activeElement;
      const parent = node?.offsetParent?.getBoundingClientRect();
      if (!node || !parent || !focused || focused === document.body || node.contains(focused)) return;
      if (getComputedStyle(node).position === 'static') return;
      const box = node.getBoundingClientRect();
      if (box.height === 0) return;
      const control = focused.getBoundingClientRect();
      if (!meets(control, box)) return;
      // The same box on the header's other side: go there only if it is clear of the control.
      const margin = aside ? box.left - parent.left : parent.right - box.right;
      const left = aside ? parent.right - margin - box.width : parent.left + margin;
      if (!meets(control, { left, right: left + box.width, top: box.top, bottom: box.bottom }))
        setAside(!aside);
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    soon();
    document.addEventListener('focusin', soon);
    window.addEventListener('scroll', soon, { passive: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('focusin', soon);
      window.removeEventListener('scroll', soon);
    };
  }, [region, count, aside]);
  return aside;
}

// root.tsx loads it lazily (a boundary that hydrates when its chunk arrives).
export default Toaster;
