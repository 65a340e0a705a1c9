import type { TGateList, TGateTicket } from '@ingressos/contracts/gate';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Issue 35: what a gate device keeps (IndexedDB through idb) so it works offline for the whole
 * event: the event's list with its keys, the tickets, the check-ins and undos still to send, and the
 * device's own id and gate name. One writer: this file.
 */

export type TStoredEvent = Omit<TGateList, 'tickets'> & { eventId: number; downloadedAt: string };
export type TStoredTicket = TGateTicket & { eventId: number };
export type TQueued = {
  clientId: string;
  eventId: number;
  kind: 'check-in' | 'undo';
  ticketId: string;
  v: number;
  at: string;
  gate: string;
  reason?: string;
};

interface TGateDb extends DBSchema {
  events: { key: number; value: TStoredEvent };
  tickets: { key: [number, string]; value: TStoredTicket; indexes: { byEvent: number } };
  queue: { key: string; value: TQueued; indexes: { byEvent: number } };
  settings: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<TGateDb>> | undefined;
function db() {
  opened ??= openDB<TGateDb>('bilheto-gate', 1, {
    upgrade(d) {
      d.createObjectStore('events', { keyPath: 'eventId' });
      d.createObjectStore('tickets', { keyPath: ['eventId', 'id'] }).createIndex('byEvent', 'eventId');
      d.createObjectStore('queue', { keyPath: 'clientId' }).createIndex('byEvent', 'eventId');
      d.createObjectStore('settings');
    },
  });
  return opened;
}

export async function setting(name: string): Promise<string | undefined> {
  return (await db()).get('settings', name);
}
export async function saveSetting(name: string, value: string): Promise<void> {
  await (await db()).put('settings', value, name);
}

/** The sections this gate admits at an event (chosen at setup); empty: all of them. */
export async function gateSections(eventId: number): Promise<string[]> {
  try {
    const kept = JSON.parse((await setting(`sections:${eventId}`)) ?? '[]') as unknown;
    return Array.isArray(kept) ? kept.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
export async function saveGateSections(eventId: number, sections: readonly string[]): Promise<void> {
  await saveSetting(`sections:${eventId}`, JSON.stringify(sections));
}

/** This device's id (made once, kept): the server tells duplicates apart by it. */
export async function deviceId(): Promise<string> {
  const known = await setting('deviceId');
  if (known) return known;
  const made = `dev-${crypto.randomUUID()}`;
  await saveSetting('deviceId', made);
  return made;
}

/** A whole download: the event's keys and list replace what the device had of it. */
export async function saveList(list: TGateList): Promise<void> {
  const d = await db();
  const tx = d.transaction(['events', 'tickets'], 'readwrite');
  const { tickets, ...rest } = list;
  const eventId = list.event.id;
  await tx.objectStore('events').put({ ...rest, eventId, downloadedAt: new Date().toISOString() });
  const store = tx.objectStore('tickets');
  for (const key of await store.index('byEvent').getAllKeys(eventId)) await store.delete(key);
  for (const ticket of tickets) await store.put({ ...ticket, eventId });
  await tx.done;
}

/**
 * A delta (sync's or the list's `since`): tickets as the server has them now, except that a
 * check-in still queued on this device stays shown as checked in here.
 */
export async function applyDelta(eventId: number, tickets: TGateTicket[], cursor: string): Promise<void> {
  const d = await db();
  const tx = d.transaction(['events', 'tickets', 'queue'], 'readwrite');
  const queued = await tx.objectStore('queue').index('byEvent').getAll(eventId);
  const pending = new Map(queued.filter((q) => q.kind === 'check-in').map((q) => [q.ticketId, q]));
  for (const ticket of tickets) {
    const mine = pending.get(ticket.id);
    const kept = mine && !ticket.checkedInAt ? { checkedInAt: mine.at, checkInGate: mine.gate } : {};
    await tx.objectStore('tickets').put({ ...ticket, ...kept, eventId });
  }
  const event = await tx.objectStore('events').get(eventId);
  if (event) await tx.objectStore('events').put({ ...event, cursor });
  await tx.done;
}

export async function storedEvent(eventId: number): Promise<TStoredEvent | undefined> {
  return (await db()).get('events', eventId);
}
export async function storedEvents(): Promise<TStoredEvent[]> {
  return (await db()).getAll('events');
}
export async function ticket(eventId: number, id: string): Promise<TStoredTicket | undefined> {
  return (await db()).get('tickets', [eventId, id]);
}
export async function tickets(eventId: number): Promise<TStoredTicket[]> {
  return (await db()).getAllFromIndex('tickets', 'byEvent', eventId);
}
export async function queued(eventId: number): Promise<TQueued[]> {
  return (await db()).getAllFromIndex('queue', 'byEvent', eventId);
}
export async function dropQueued(clientIds: string[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  for (const id of clientIds) await tx.store.delete(id);
  await tx.done;
}

/** A check-in made here: the ticket shows it at once; `queue` also keeps it to send. */
export async function recordCheckIn(
  eventId: number,
  entry: { ticketId: string; v: number; at: string; gate: string },
  queue: boolean,
): Promise<void> {
  const d = await db();
  const tx = d.transaction(['tickets', 'queue'], 'readwrite');
  const row = await tx.objectStore('tickets').get([eventId, entry.ticketId]);
  if (row) await tx.objectStore('tickets').put({ ...row, checkedInAt: entry.at, checkInGate: entry.gate });
  if (queue)
    await tx.objectStore('queue').put({ clientId: crypto.randomUUID(), eventId, kind: 'check-in', ...entry });
  await tx.done;
}

/**
 * An undo: a check-in still queued here is simply dropped; one the server has gets an undo queued
 * when `queue` (offline). The ticket shows as not checked in at once.
 */
export async function recordUndo(
  eventId: number,
  entry: { ticketId: string; v: number; gate: string; reason: string },
  queue: boolean,
): Promise<'dropped' | 'queued' | 'local'> {
  const d = await db();
  const tx = d.transaction(['tickets', 'queue'], 'readwrite');
  const row = await tx.objectStore('tickets').get([eventId, entry.ticketId]);
  if (row) await tx.objectStore('tickets').put({ ...row, checkedInAt: null, checkInGate: null });
  const mine = (await tx.objectStore('queue').index('byEvent').getAll(eventId)).find(
    (q) => q.kind === 'check-in' && q.ticketId === entry.ticketId,
  );
  let outcome: 'dropped' | 'queued' | 'local' = 'local';
  if (mine) {
    await tx.objectStore('queue').delete(mine.clientId);
    outcome = 'dropped';
  } else if (queue) {
    await tx
      .objectStore('queue')
      .put({ clientId: crypto.randomUUID(), eventId, kind: 'undo', at: new Date().toISOString(), ...entry });
    outcome = 'queued';
  }
  await tx.done;
  return outcome;
}
