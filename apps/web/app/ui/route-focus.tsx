import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { focusElement } from './focus.ts';

/** How long a page may take to draw its heading after the navigation (lazy screens, Suspense). */
const HEADING_WAIT_MS = 3_000;

/**
 * Issue 20 (WCAG 2.4.3, 4.1.3): after a navigation, not on the first load, focus moves to the new
 * page's main heading and the page's title is said in a polite live region mounted with the
 * shell; a jump to an anchor focuses the anchor. A page that put focus somewhere itself (a field,
 * an open dialog) keeps it: only focus left where the navigation started, or lost, is moved.
 */
export function RouteFocus() {
  const location = useLocation();
  const navigation = useNavigation();
  const [said, setSaid] = useState('');
  const first = useRef(true);
  const from = useRef<Element | null>(null);

  useStickyHeaderRoom();

  // Where focus was when the navigation started (the link or button that caused it).
  useEffect(() => {
    if (navigation.state !== 'idle') from.current = document.activeElement;
  }, [navigation.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page only
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = from.current;
    from.current = null;
    let cancelled = false;
    const begun = performance.now();
    const settle = () => {
      if (cancelled) return;
      const active = document.activeElement;
      const untouched = !active || active === document.body || !active.isConnected || active === started;
      if (!untouched || document.querySelector('dialog[open]')) {
        announce();
        return;
      }
      // A jump to an anchor (/eventmap/x#section-3) starts the keyboard there, below the header.
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      const inside = target?.querySelector<HTMLElement>(
        '[tabindex="0"], a[href], button:not([disabled]), input',
      );
      const heading = inside ?? target ?? document.querySelector<HTMLElement>('#conteudo h1');
      if (heading) {
        focusElement(heading);
        announce();
      } else if (performance.now() - begun < HEADING_WAIT_MS) {
        requestAnimationFrame(settle);
      } else {
        focusElement(document.getElementById('conteudo'));
        announce();
      }
    };
    // The title changes in the same commit; a fresh text in an existing region is what gets said.
    const announce = () => {
      setSaid('');
      setTimeout(() => !cancelled && setSaid(document.title), 100);
    };
    requestAnimationFrame(settle);
    return () => {
      cancelled = true;
    };
  }, [location.pathname]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-route-announcer>
      {said}
    </div>
  );
}

/**
 * Issue 20 (WCAG 2.4.11): keeps `--header-h` on <html> equal to the sticky header's height (it
 * grows with a toast on phones), which app.css turns into `scroll-padding-top`: whatever is
 * focused or jumped to stops below the header, never under it.
 */
function useStickyHeaderRoom() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('[data-sticky-header]');
    if (!header) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--header-h', `${header.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, []);
}
