import type { TGateResult, TGateTicket } from '@ingressos/contracts/gate';
import { fromBase64Url } from '@ingressos/domain/rotating-code';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signal } from './feedback.ts';
import { checkInOnline, sync } from './net.ts';
import { queued, recordCheckIn, storedEvent, type TStoredEvent, ticket, tickets } from './store.ts';
import { decideScan, importGateKey, type TGateContext } from './verify.ts';

/** What the result screen shows of a scan. */
export type TShown = {
  result: TGateResult;
  ticket: TGateTicket | null;
  /** Decided on the device (no network): queued to send. */
  offline: boolean;
  ms: number;
  /** wrong_sector: the gate where this list saw the ticket's section enter, if any. */
  sendTo?: string | null;
};

const SYNC_EVERY_MS = 30_000;

/**
 * Issue 35: the gate's state for one event on this device: its stored list and keys, the network,
 * the queue, and `scan`, which decides offline first (the signature, the list) and, online, lets the
 * server confirm a check-in at once (so a ticket cannot enter twice); offline it queues.
 */
export function useGate(eventId: number | null, gate: string, sections: readonly string[]) {
  const [event, setEvent] = useState<TStoredEvent | null>(null);
  const [online, setOnline] = useState(navigator.onLine);
  const [pending, setPending] = useState(0);
  const [shown, setShown] = useState<TShown | null>(null);
  const [syncNote, setSyncNote] = useState<{ sent: number; duplicates: number } | null>(null);
  const context = useRef<TGateContext | null>(null);

  const reload = useCallback(async () => {
    if (eventId === null) return;
    const stored = (await storedEvent(eventId)) ?? null;
    setEvent(stored);
    setPending((await queued(eventId)).length);
    if (stored)
      context.current = {
        eventId,
        ticketCode: stored.event.ticketCode,
        publicKey: await importGateKey(stored.publicKeyJwk),
        rotationKey: fromBase64Url(stored.rotationKey),
        startsAt: stored.event.startsAt,
        timeZone: stored.event.timeZone,
        sections,
        ticket: (id) => ticket(eventId, id),
        nowMs: () => Date.now(),
      };
  }, [eventId, sections]);

  const syncNow = useCallback(async () => {
    if (eventId === null || !(await storedEvent(eventId))) return;
    const outcome = await sync(eventId);
    setOnline(outcome !== null || navigator.onLine);
    if (outcome && outcome.sent > 0) setSyncNote(outcome);
    await reload();
  }, [eventId, reload]);

  useEffect(() => {
    void reload();
  }, [reload]);
  // Back online: send the queue at once; and every half minute while open.
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void syncNow();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => void syncNow(), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [syncNow]);

  const scan = useCallback(
    async (text: string) => {
      const ctx = context.current;
      if (!ctx || eventId === null) return;
      const started = performance.now();
      const local = await decideScan(text, ctx);
      // Decisions the server would make alike need no round trip: a text that is no signed ticket
      // of ours, or another event's. A signed ticket missing from the list (sold since) is asked.
      const askServer = navigator.onLine && local.claims !== null && local.result !== 'wrong_event';
      let verdict: TShown;
      const server = askServer ? await checkInOnline(eventId, text.trim(), gate, sections) : null;
      if (server?.ok) {
        const answer = server.body;
        const known = answer.ticket ? await ticket(eventId, answer.ticket.ticketId) : undefined;
        // The server's check-in (this one, or an earlier one) is kept in the list: offline later, refused here.
        if (answer.ticket?.checkedInAt)
          await recordCheckIn(
            eventId,
            {
              ticketId: answer.ticket.ticketId,
              v: local.claims?.v ?? 1,
              at: answer.ticket.checkedInAt,
              gate: answer.ticket.gate ?? '',
            },
            false,
          );
        verdict = {
          result: answer.result,
          ticket: answer.ticket
            ? {
                // The list's row when it has one (half price, order code); else what the server said.
                ...(known ?? {
                  v: local.claims?.v ?? 1,
                  cpfHash: '',
                  orderCode: '',
                  halfPrice: null,
                  voided: false,
                }),
                id: answer.ticket.ticketId,
                section: answer.ticket.section,
                ticket: answer.ticket.ticket,
                place: answer.ticket.place,
                holderName: answer.ticket.holderName ?? known?.holderName ?? null,
                cpfMasked: answer.ticket.cpfMasked,
                checkedInAt: answer.ticket.checkedInAt,
                checkInGate: answer.ticket.gate,
              }
            : null,
          offline: false,
          ms: performance.now() - started,
        };
      } else {
        if (local.result === 'ok' && local.ticket && local.claims)
          await recordCheckIn(
            eventId,
            { ticketId: local.ticket.id, v: local.claims.v, at: new Date().toISOString(), gate },
            true,
          );
        verdict = {
          result: local.result,
          ticket: local.ticket,
          offline: askServer ? true : !navigator.onLine,
          ms: performance.now() - started,
        };
        if (askServer && server === null) setOnline(false);
      }
      if (verdict.result === 'wrong_sector' && verdict.ticket)
        verdict.sendTo = await gateOfSection(eventId, verdict.ticket.section, gate);
      signal(verdict.result === 'ok');
      setShown(verdict);
      await reload();
    },
    [eventId, gate, sections, reload],
  );

  return { event, online, pending, shown, setShown, scan, syncNow, reload, syncNote };
}

/** The gate (other than this one) where the list saw most tickets of `section` enter, or null. */
async function gateOfSection(eventId: number, section: string, here: string): Promise<string | null> {
  const seen = new Map<string, number>();
  for (const k of await tickets(eventId))
    if (k.section === section && k.checkedInAt && k.checkInGate && k.checkInGate !== here)
      seen.set(k.checkInGate, (seen.get(k.checkInGate) ?? 0) + 1);
  return [...seen].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
