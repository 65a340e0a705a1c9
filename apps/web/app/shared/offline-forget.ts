/**
 * Issue 35: what logging out removes from the device (the header's 'Sair' forms import only this,
 * kept tiny: it is in every page's first bundle). The record itself: shared/offline-tickets.ts.
 */
export const OFFLINE_TICKETS_KEY = 'bilheto.offlineTickets';
/** The service worker's cache (public/sw-tickets.js). */
export const OFFLINE_CACHE = 'bilheto-tickets-v1';

/** At logout: the saved tickets and the service worker's cached page go (the secrets stay with no one). */
export function forgetOfflineTickets(): void {
  try {
    localStorage.removeItem(OFFLINE_TICKETS_KEY);
  } catch {
    // Nothing stored.
  }
  if (typeof caches !== 'undefined') void caches.delete(OFFLINE_CACHE).catch(() => undefined);
}
