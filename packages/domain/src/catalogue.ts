/**
 * Pure catalogue rules (spec commerce §4 and §9): ticket kind, event date state, availability of
 * lots and controlled places, fees in cents. The API computes every answer with them and the web
 * app re-derives the date state at render time, so both always agree.
 */

/** Spec §9 "Ticket type": 0 ticket, 1 seat, 2 table. */
export const TICKET_TYPE = { ticket: 0, seat: 1, table: 2 } as const;
export type TTicketKind = keyof typeof TICKET_TYPE;
export type TTicketType = (typeof TICKET_TYPE)[TTicketKind];

/**
 * Spec §4: seated coordinates plus whole-table booking gives table; seated coordinates alone gives
 * seat; equal min and max above 1 gives table; otherwise ticket.
 */
export function ticketKind(section: {
  seated: boolean;
  bookAsAWhole: boolean;
  minQtd: number;
  maxQtd: number;
}): TTicketKind {
  if (section.seated) return section.bookAsAWhole ? 'table' : 'seat';
  if (section.minQtd === section.maxQtd && section.minQtd > 1) return 'table';
  return 'ticket';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §4: an event whose date plus one day is in the past is 'Evento ja Realizado'. */
export function isEventPast(startsAt: Date | string, now: Date = new Date()): boolean {
  const start = typeof startsAt === 'string' ? new Date(startsAt) : startsAt;
  return start.getTime() + DAY_MS < now.getTime();
}

export { AVAILABILITY, isOnSale, type TAvailability } from './availability.ts';

import type { TAvailability } from './availability.ts';

export type TStock = { capacity: number; sold: number; held: number; disabled: boolean };

/** Units a buyer can still take: neither sold nor held by a cart. */
export function unitsAvailable(stock: TStock): number {
  if (stock.disabled) return 0;
  return Math.max(0, stock.capacity - stock.sold - stock.held);
}

/**
 * A lot's state. Remanescente marks the last units (at most a tenth of the lot, and at least
 * one unit) so the page can say so; Reservado means every unit left sits in someone's cart
 * and may come back when that cart expires.
 */
export function lotAvailability(stock: TStock): TAvailability {
  if (stock.disabled) return 'Desativado';
  if (stock.sold >= stock.capacity) return 'Indisponivel';
  const left = unitsAvailable(stock);
  if (left === 0) return 'Reservado';
  if (left <= Math.max(1, Math.floor(stock.capacity / 10))) return 'Remanescente';
  return 'Disponivel';
}

/**
 * A seat's or table's state. A table sold whole is taken by its first sale or hold; an open table
 * with some seats sold and others free is Remanescente (leftover seats).
 */
export function placeStatus(place: TStock & { bookAsAWhole: boolean }): TAvailability {
  if (place.disabled) return 'Desativado';
  if (place.sold >= place.capacity || (place.bookAsAWhole && place.sold > 0)) return 'Indisponivel';
  if (place.sold + place.held >= place.capacity || (place.bookAsAWhole && place.held > 0)) return 'Reservado';
  if (place.sold + place.held > 0) return 'Remanescente';
  return 'Disponivel';
}

/** Issue 34: a lot's sale window; either end open when absent or null. */
export type TLotWindow = { salesStartAt?: Date | string | null; salesEndAt?: Date | string | null };

const instant = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).getTime();

/** The lot's sale window is behind `now` (its salesEndAt has passed). */
export function lotWindowEnded(lot: TLotWindow, now: Date = new Date()): boolean {
  const end = instant(lot.salesEndAt);
  return end !== null && end <= now.getTime();
}

/** `now` is inside the lot's sale window (now >= salesStartAt, now < salesEndAt). */
export function lotInWindow(lot: TLotWindow, now: Date = new Date()): boolean {
  const start = instant(lot.salesStartAt);
  return (start === null || start <= now.getTime()) && !lotWindowEnded(lot, now);
}

/**
 * The lot on sale for a ticket, turning over by sell-out or by date (issue 34): lots sell in
 * number order; a lot is current when it is enabled, not sold out, inside its sale window, and
 * every lot before it is over (sold out, disabled or past its salesEndAt). A lot whose units all
 * sit in carts stays current (Reservado) so the next lot does not open while those units may
 * still come back; a lot waiting for its salesStartAt keeps the later ones waiting (none current).
 */
export function currentLot<T extends TStock & { number: number } & TLotWindow>(
  lots: readonly T[],
  now: Date = new Date(),
): T | undefined {
  const ordered = [...lots].sort((a, b) => a.number - b.number);
  const first = ordered.find((lot) => !lot.disabled && lot.sold < lot.capacity && !lotWindowEnded(lot, now));
  return first && lotInWindow(first, now) ? first : undefined;
}

/** The next moment after `now` at which some lot's window opens or closes (null: none). */
export function nextLotBoundary(lots: readonly TLotWindow[], now: Date): number | null {
  let next: number | null = null;
  for (const lot of lots) {
    for (const at of [instant(lot.salesStartAt), instant(lot.salesEndAt)]) {
      if (at !== null && at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/** Spec §9: ticket taxes are rounded to cents (half up). `basisPoints` 1000 = 10 %. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

/** Cents to the decimal amount the API answers with (12345 -> 123.45). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Spec §9 currency enumeration: 0 BRL, 1 USD. */
export const CURRENCY = { BRL: 0, USD: 1 } as const;
export type TCurrencyCode = keyof typeof CURRENCY;
export type TCurrencyId = (typeof CURRENCY)[TCurrencyCode];
export function currencyCode(id: number): TCurrencyCode {
  return id === CURRENCY.USD ? 'USD' : 'BRL';
}

/** Spec §9 document type: 1 CPF, 2 MENOR, 5 ESTRANGEIRO. */
export const DOC_TYPE = { CPF: 1, MENOR: 2, ESTRANGEIRO: 5 } as const;
export type TDocTypeName = keyof typeof DOC_TYPE;

/** The per-cart limit when an event sets none (the spec keeps its value unshown). */
export const DEFAULT_MAX_TICKETS_PER_CART = 8;
