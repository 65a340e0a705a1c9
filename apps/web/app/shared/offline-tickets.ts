import type { TMyTicketsAnswer } from '@ingressos/contracts';
import type { TRotatingTicket } from '@ingressos/contracts/gate';

/**
 * Issue 35: the rotating tickets kept on the holder's device, so the entry code still shows (and
 * rotates) at a venue with no signal. One record per device, of the logged-in user who last opened
 * My tickets: replaced whole at each visit (a ticket that left them is gone), removed at logout
 * (offline-forget.ts).
 * Only the holder's own tickets with rotating data are kept: never anyone else's. Storage may be
 * refused (private modes): then nothing is kept and the page still works online.
 */

/**
 * The record's key. offline-forget.ts (what 'Sair' removes) names it too, on its own: importing it
 * from here or there made a chunk of its own on every page (offline-tickets.test.ts checks both agree).
 */
export const OFFLINE_TICKETS_KEY = 'bilheto.offlineTickets';

export type TOfflineTicket = {
  id: string;
  rotating: TRotatingTicket;
  event: { name: string; date: string; place: string; city: string };
  section: string;
  ticket: string;
  place: string | null;
  holder: string;
};
export type TOfflineRecord = { user: string; savedAt: string; tickets: TOfflineTicket[] };

/** The ticket's rotating data when the answer carries it (issue 35: the holder's own, rotating mode). */
export function rotatingOf(ticket: object): TRotatingTicket | null {
  const value = (ticket as { rotating?: TRotatingTicket | null }).rotating;
  return value && typeof value.jws === 'string' && typeof value.secret === 'string' ? value : null;
}

/** What My tickets' answer gives to keep: the upcoming tickets still the user's, with rotating data. */
export function offlineTicketsOf(answer: TMyTicketsAnswer): TOfflineTicket[] {
  return answer.upcoming.flatMap((event) =>
    event.tickets.flatMap((ticket) => {
      const rotating = rotatingOf(ticket);
      if (!rotating || (ticket.status !== 'valid' && ticket.status !== 'transferPending')) return [];
      return [
        {
          id: ticket.id,
          rotating,
          event: { name: event.eventName, date: event.date, place: event.place, city: event.city },
          section: ticket.sectionName,
          ticket: ticket.ticketName,
          place: ticket.placeAlias,
          holder: ticket.holderName
            ? `${ticket.holderName} · CPF ${ticket.holderCpf}`
            : `CPF ${ticket.holderCpf}`,
        },
      ];
    }),
  );
}

/** Replaces the device's record with this user's tickets now (none: the record is removed). */
export function saveOfflineTickets(user: string, tickets: TOfflineTicket[], now = new Date()): void {
  try {
    if (tickets.length === 0) localStorage.removeItem(OFFLINE_TICKETS_KEY);
    else {
      const record: TOfflineRecord = { user, savedAt: now.toISOString(), tickets };
      localStorage.setItem(OFFLINE_TICKETS_KEY, JSON.stringify(record));
    }
  } catch {
    // Storage refused or full: the page still shows the code while it is open.
  }
}

export function readOfflineTickets(): TOfflineRecord | null {
  try {
    const record = JSON.parse(localStorage.getItem(OFFLINE_TICKETS_KEY) ?? 'null') as TOfflineRecord | null;
    return record && typeof record.user === 'string' && Array.isArray(record.tickets) ? record : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the offline page working: registers the service worker (only once a rotating ticket is
 * kept) and hands it the assets this page loaded, so the offline page finds them in its cache.
 */
export function prepareOfflineView(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw-tickets.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: 'cache-assets', urls });
    })
    .catch(() => undefined);
}
