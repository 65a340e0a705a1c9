import type {
  TGateEventList,
  TGateList,
  TGateSyncAnswer,
  TGateTicket,
  TGateUndoAnswer,
} from '@ingressos/contracts/gate';
import type { TCheckInAnswer } from '@ingressos/contracts/staff-producer';
import {
  applyDelta,
  deviceId,
  dropQueued,
  queued,
  recordCheckIn,
  recordUndo,
  saveList,
  storedEvent,
} from './store.ts';

/**
 * Issue 35: the gate's calls to the server (apps/api/src/http/routes/staff-gate.ts). Each answers
 * `null` when the network is not there (or the server did not answer in time), so the caller
 * decides offline and queues; a 401 means the session is gone.
 */

type TCall<T> = { ok: true; body: T } | { ok: false; status: number; message: string } | null;
const TIMEOUT_MS = 4_000;

async function call<T>(path: string, init: RequestInit = {}): Promise<TCall<T>> {
  try {
    const response = await fetch(path, {
      ...init,
      headers: init.body ? { 'content-type': 'application/json' } : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as T & { Message?: string };
    if (response.ok) return { ok: true, body };
    return { ok: false, status: response.status, message: String(body?.Message ?? '') };
  } catch {
    return null;
  }
}
const post = <T>(path: string, body: unknown) =>
  call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const gateEvents = () => call<TGateEventList>('/api/staff/gate/events');

/** The whole list of an event, kept on the device. */
export async function downloadList(eventId: number): Promise<TCall<TGateList>> {
  const answer = await call<TGateList>(`/api/staff/gate/events/${eventId}/list`);
  if (answer?.ok) await saveList(answer.body);
  return answer;
}

/** The server's check-in of one scan, at once (online): it keeps the first. */
export function checkInOnline(eventId: number, qr: string, gate: string, sections: readonly string[]) {
  return post<TCheckInAnswer>('/api/staff/gate/check-ins', {
    qr,
    eventId,
    gate,
    ...(sections.length ? { sections } : {}),
  });
}

export type TSyncOutcome = { sent: number; duplicates: number; refused: number; undone: number };

/**
 * Sends what the device queued (check-ins, then undos) and brings back what changed since its
 * cursor. A duplicate (another device came first) is reported by the server to the console; here
 * it only counts. Null when offline.
 */
export async function sync(eventId: number): Promise<TSyncOutcome | null> {
  const event = await storedEvent(eventId);
  if (!event) return null;
  const pending = await queued(eventId);
  const checkIns = pending.filter((q) => q.kind === 'check-in');
  const answer = await post<TGateSyncAnswer>(`/api/staff/gate/events/${eventId}/sync`, {
    deviceId: await deviceId(),
    checkIns: checkIns.map(({ clientId, ticketId, v, at, gate }) => ({ clientId, ticketId, v, at, gate })),
    since: event.cursor,
  });
  if (!answer?.ok) return null;
  const { results, tickets, cursor } = answer.body;
  await dropQueued(results.map((r) => r.clientId));
  await applyDelta(eventId, tickets, cursor);
  let undone = 0;
  for (const undo of pending.filter((q) => q.kind === 'undo')) {
    const done = await undoOnline(eventId, undo.ticketId, undo.reason ?? '');
    if (done === null) break;
    await dropQueued([undo.clientId]);
    undone += 1;
  }
  return {
    sent: results.length,
    duplicates: results.filter((r) => r.result === 'duplicate').length,
    refused: results.filter((r) => r.result !== 'ok' && r.result !== 'duplicate').length,
    undone,
  };
}

async function undoOnline(eventId: number, ticketId: string, reason: string) {
  const answer = await post<TGateUndoAnswer>(
    `/api/staff/gate/check-ins/${encodeURIComponent(ticketId)}/undo`,
    {
      eventId,
      reason,
    },
  );
  if (answer?.ok) {
    const event = await storedEvent(eventId);
    await applyDelta(eventId, [answer.body.ticket], event?.cursor ?? '');
  }
  return answer;
}

/** Takes back a mistaken check-in: at once online, else queued (or dropped if never sent). */
export async function undoCheckIn(eventId: number, ticket: TGateTicket, gate: string, reason: string) {
  const local = await recordUndo(eventId, { ticketId: ticket.id, v: ticket.v, gate, reason }, false);
  if (local === 'dropped') return 'undone' as const;
  const answer = await undoOnline(eventId, ticket.id, reason);
  if (answer === null) {
    await recordUndo(eventId, { ticketId: ticket.id, v: ticket.v, gate, reason }, true);
    return 'queued' as const;
  }
  return answer.ok ? ('undone' as const) : answer.message || 'failed';
}

/** A check-in without a QR (manual search): through the sync call, queued when offline. */
export async function manualCheckIn(eventId: number, ticket: TGateTicket, gate: string) {
  await recordCheckIn(
    eventId,
    { ticketId: ticket.id, v: ticket.v, at: new Date().toISOString(), gate },
    true,
  );
  return sync(eventId);
}
