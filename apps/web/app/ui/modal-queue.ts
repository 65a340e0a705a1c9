import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { focusNextMeaningful, trapTab } from './focus.ts';

/**
 * Which modal comes first when several want the screen (spec: one modal at a time). The cart
 * timer's warnings lead: the reservation, and so the buyer's money, is at stake. A modal the buyer
 * opened comes next, then the pop-ups nobody asked for, in the order the spec lists them.
 */
export const MODAL_PRIORITY = {
  cart: 100,
  opened: 50,
  phone: 40,
  gender: 35,
  ongoingPurchase: 30,
  /** 'Mais seguranca para sua conta!': the received-transfer pop-up waits while it is open (spec §4). */
  biometry: 25,
  transfer: 20,
} as const;

type TWaiting = { priority: number; since: number };

const waiting = new Map<string, TWaiting>();
const listeners = new Set<() => void>();
let counter = 0;
let front: string | null = null;

/** The modal on screen: the highest priority, and among equals the one that asked first. */
function elect() {
  let best: [string, TWaiting] | null = null;
  for (const entry of waiting) {
    const [, w] = entry;
    if (
      !best ||
      w.priority > best[1].priority ||
      (w.priority === best[1].priority && w.since < best[1].since)
    )
      best = entry;
  }
  front = best?.[0] ?? null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => front;
const onServer = () => null;

/**
 * Whether the modal calling it may be open now. While `wanted`, it waits in the one queue; when a
 * modal before it closes (or it outranks the one open, which then waits and comes back after,
 * its state kept) its turn comes.
 */
export function useModalTurn(wanted: boolean, priority: number): boolean {
  const id = useId();
  useEffect(() => {
    if (!wanted) return;
    counter += 1;
    waiting.set(id, { priority, since: counter });
    elect();
    return () => {
      waiting.delete(id);
      elect();
    };
  }, [id, wanted, priority]);
  const shown = useSyncExternalStore(subscribe, current, onServer);
  // With no modal waiting, one that opens is shown in the same render (its own effects, such as
  // focusing a field, find it open); the queue takes over from its first effect.
  return wanted && (shown === id || (shown === null && waiting.size === 0));
}

/**
 * A native modal <dialog> driven by `open` through the queue: shown (showModal: inert page, top
 * layer) only in its turn, closed when it is not. Put the answered ref on the <dialog>.
 * Issue 20: focus starts on its `[data-autofocus]` control, Tab and Shift+Tab wrap inside it, and
 * on close (or unmount) focus goes back to the control that had it, or to `returnFocusTo()` when
 * that control is gone, or to the next meaningful place.
 */
export function useModalDialog(open: boolean, priority: number, returnFocusTo?: () => HTMLElement | null) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const fallback = useRef(returnFocusTo);
  fallback.current = returnFocusTo;
  const shown = useModalTurn(open, priority);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (shown && !dialog.open) {
      const active = document.activeElement;
      opener.current = active && active !== document.body && !dialog.contains(active) ? active : null;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]');
      if (first && !first.hasAttribute('disabled')) first.focus();
    }
    if (!shown && dialog.open) {
      dialog.close();
      restoreFocus(dialog, opener.current, fallback.current);
    }
  }, [shown]);
  // Closed by being removed from the page (the component went away while open).
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) queueMicrotask(() => restoreFocus(dialog, opener.current, fallback.current));
    };
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKey = (event: KeyboardEvent) => trapTab(dialog, event);
    dialog.addEventListener('keydown', onKey);
    return () => dialog.removeEventListener('keydown', onKey);
  }, []);
  return ref;
}

function restoreFocus(dialog: HTMLElement, opener: Element | null, fallback?: () => HTMLElement | null) {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || dialog.contains(active);
  if (!lost) return;
  // Another modal took the screen: it has the focus now.
  if (document.querySelector('dialog[open]')) return;
  if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  focusNextMeaningful(opener, { preferred: [fallback?.()] });
}
