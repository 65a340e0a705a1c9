import { cookieConsentFromHeader, type TCookieChoice } from '@ingressos/domain/cookie-consent';
import { useSyncExternalStore } from 'react';

/**
 * The visitor's cookie choice (LGPD), read and written in the browser only: the server renders
 * the same page for everyone (cacheable), the banner included, and a check in the page's <head>
 * shows it before the first paint only when no choice is stored (`CONSENT_CHECK`, issue 31). After
 * hydration the cookie is read here and the banner leaves the page, or stays until answered. The
 * footer's 'Preferências de cookies' reopens it (`openCookiePreferences`).
 */
export type TConsentState = {
  /** Null until read in the browser, or while no choice was made. */
  choice: TCookieChoice | null;
  /**
   * The banner is in the page: no choice yet, or reopened from the footer. Until the cookie is read
   * (on the server and while hydrating) it is, shown by the <head>'s check only to a visitor who did not choose.
   */
  open: boolean;
  /** Opened on the categories (Personalizar, or from the footer). */
  customise: boolean;
  /** Read from the cookie (after hydration). */
  ready: boolean;
};

const server: TConsentState = { choice: null, open: true, customise: false, ready: false };
let state: TConsentState = server;
const listeners = new Set<() => void>();

function set(next: Partial<TConsentState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** The stored choice (null before one is made, or when the policy version changed). */
export function readConsent(): TCookieChoice | null {
  return typeof document === 'undefined' ? null : cookieConsentFromHeader(document.cookie);
}

/** After hydration: reads the cookie and opens the banner when no choice is stored. */
export function detectConsent() {
  const choice = readConsent();
  set({ choice, ready: true, open: choice === null, customise: false });
}

/** A choice was made and stored (features/consent writes the cookie): the banner closes. */
export function consentChosen(choice: TCookieChoice) {
  set({ choice, open: false, customise: false });
}

export function openCookiePreferences() {
  // The banner shows again: the visitor asked for it (shared/consent-check.ts's mark).
  document.documentElement.dataset.consent = 'ask';
  set({ open: true, customise: true });
}

export function useConsent(): TConsentState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => server,
  );
}
