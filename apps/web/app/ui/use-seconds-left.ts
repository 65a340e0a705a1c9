import { useEffect, useState } from 'react';

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

/** 125 → "02:05". */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
