import { cookieConsentFromHeader, type TCookieChoice } from '@ingressos/domain/cookie-consent';
import { useSyncExternalStore } from 'react';

/**
 * The visitor's cookie choice (LGPD), read and written in the browser only: the server renders
 * the same page for everyone (cacheable), and the banner appears after hydration when no choice
 * is stored. The footer's 'Preferências de cookies' reopens it (`openCookiePreferences`).
 */
export type TConsentState = {
  /** Null until read in the browser, or while no choice was made. */
  choice: TCookieChoice | null;
  /** The banner is shown: no choice yet, or reopened from the footer. */
  open: boolean;
  /** Opened on the categories (Personalizar, or from the footer). */
  customise: boolean;
  /** Read from the cookie (after hydration). */
  ready: boolean;
};

const server: TConsentState = { choice: null, open: false, customise: false, ready: false };
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
