import { useEffect, useState, useSyncExternalStore } from 'react';

const secondsUntil = (exp: string) => Math.max(0, Math.ceil((Date.parse(exp) - Date.now()) / 1000));

/** Whole seconds until `exp`, ticking every second. The server owns the timer; pages only count down. */
export function useSecondsLeft(exp: string | null): number | null {
  const [left, setLeft] = useState(() => (exp ? secondsUntil(exp) : null));
  useEffect(() => {
    if (!exp) {
      setLeft(null);
      return;
    }
    setLeft(secondsUntil(exp));
    const timer = setInterval(() => setLeft(secondsUntil(exp)), 1000);
    return () => clearInterval(timer);
  }, [exp]);
  return left;
}

/**
 * The latest end of each cart's hold this page has heard of (issue 31). A page drawn from its
 * loader keeps the hold's end of that moment; renewing in the cart-session modal moves it, and the
 * page's countdown must follow (it ran on to 00:00 while the hold had been renewed).
 */
const holdEnds = new Map<string, string>();
const endListeners = new Set<() => void>();

export function noteHoldEnd(cartId: string, exp: string) {
  if (holdEnds.get(cartId) === exp) return;
  holdEnds.set(cartId, exp);
  for (const listener of endListeners) listener();
}

function subscribeEnds(listener: () => void) {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** `exp` as the page was drawn with it, or the later end the cart was given since. */
export function useHoldEnd(cartId: string, exp: string): string {
  const heard = useSyncExternalStore(
    subscribeEnds,
    () => holdEnds.get(cartId),
    () => undefined,
  );
  return heard && Date.parse(heard) > Date.parse(exp) ? heard : exp;
}

/** 125 → "02:05". */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
