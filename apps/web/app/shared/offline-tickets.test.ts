import type { TMyEvent, TMyTicket, TMyTicketsAnswer } from '@ingressos/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOfflineTickets } from './offline-forget.ts';
import { offlineTicketsOf, readOfflineTickets, saveOfflineTickets } from './offline-tickets.ts';

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const rotating = { jws: 'a.b.c', secret: 'c2VjcmV0', stepSeconds: 15 };
const ticket = (id: string, status: TMyTicket['status'], withRotation = true): TMyTicket => ({
  id,
  orderId: 'o1',
  unit: 0,
  sectionName: 'Pista',
  ticketName: 'Inteira',
  placeAlias: null,
  holderName: 'Ana Souza',
  holderCpf: '***.456.789-**',
  status,
  qr: '',
  qrSvg: '',
  transfer: null,
  rotating: withRotation ? rotating : null,
});
const event = (tickets: TMyTicket[]): TMyEvent => ({
  eventId: 1,
  eventName: 'Festival',
  slug: 'festival',
  poster: '/p.jpg',
  startsAt: '2026-12-12T23:00:00.000Z',
  timeZone: 'America/Sao_Paulo',
  date: 'sábado, 12 de dezembro de 2026 às 20:00',
  place: 'Allianz Parque',
  city: 'São Paulo - SP',
  past: false,
  orders: [],
  tickets,
});

afterEach(() => vi.unstubAllGlobals());

describe('the tickets kept on the device (issue 35)', () => {
  it('keeps only the holder’s usable rotating tickets: not a transferred, refunded or static one', () => {
    const answer: TMyTicketsAnswer = {
      upcoming: [
        event([
          ticket('t1', 'valid'),
          ticket('t2', 'transferPending'),
          ticket('t3', 'transferred'),
          ticket('t4', 'refunded'),
          ticket('t5', 'valid', false),
        ]),
      ],
      past: [event([ticket('t6', 'past')])],
    };
    const kept = offlineTicketsOf(answer);
    expect(kept.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(kept[0]).toMatchObject({ rotating, section: 'Pista', holder: 'Ana Souza · CPF ***.456.789-**' });
  });

  it('replaces the record at each visit (a ticket that left is gone) and removes it when none is left', () => {
    const storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    const [one, two] = offlineTicketsOf({
      upcoming: [event([ticket('t1', 'valid'), ticket('t2', 'valid')])],
      past: [],
    });
    saveOfflineTickets('u1', [one!, two!]);
    saveOfflineTickets('u1', [two!]);
    expect(readOfflineTickets()?.tickets.map((t) => t.id)).toEqual(['t2']);
    saveOfflineTickets('u1', []);
    expect(readOfflineTickets()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('is removed by logging out (the key the logout forms remove is the one saved)', () => {
    const storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    saveOfflineTickets('u1', offlineTicketsOf({ upcoming: [event([ticket('t1', 'valid')])], past: [] }));
    expect(readOfflineTickets()?.user).toBe('u1');
    forgetOfflineTickets();
    expect(readOfflineTickets()).toBeNull();
    expect(storage.items.size).toBe(0);
  });
});
