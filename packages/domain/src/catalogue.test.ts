import { describe, expect, it } from 'vitest';
import {
  currentLot,
  isEventPast,
  lotAvailability,
  percentOfCents,
  placeStatus,
  TICKET_TYPE,
  ticketKind,
  unitsAvailable,
} from './catalogue.ts';

describe('ticketKind (spec §4)', () => {
  it('seated coordinates with whole-table booking is a table', () => {
    expect(ticketKind({ seated: true, bookAsAWhole: true, minQtd: 1, maxQtd: 4 })).toBe('table');
  });
  it('seated coordinates alone is a seat', () => {
    expect(ticketKind({ seated: true, bookAsAWhole: false, minQtd: 1, maxQtd: 1 })).toBe('seat');
    expect(ticketKind({ seated: true, bookAsAWhole: false, minQtd: 4, maxQtd: 4 })).toBe('seat');
  });
  it('equal min and max above 1 without a map is a table', () => {
    expect(ticketKind({ seated: false, bookAsAWhole: false, minQtd: 6, maxQtd: 6 })).toBe('table');
  });
  it('anything else is a ticket', () => {
    expect(ticketKind({ seated: false, bookAsAWhole: false, minQtd: 1, maxQtd: 1 })).toBe('ticket');
    expect(ticketKind({ seated: false, bookAsAWhole: true, minQtd: 2, maxQtd: 4 })).toBe('ticket');
  });
  it('maps kinds to the numeric type of the cart item', () => {
    expect(TICKET_TYPE).toEqual({ ticket: 0, seat: 1, table: 2 });
  });
});

describe('isEventPast (spec §4)', () => {
  const start = new Date('2027-03-14T21:00:00-03:00');
  it('is not past on the day nor within the day after', () => {
    expect(isEventPast(start, new Date('2027-03-14T23:59:00-03:00'))).toBe(false);
    expect(isEventPast(start, new Date('2027-03-15T20:59:00-03:00'))).toBe(false);
  });
  it('is past once date plus one day has gone by', () => {
    expect(isEventPast(start, new Date('2027-03-15T21:00:01-03:00'))).toBe(true);
    expect(isEventPast(start.toISOString(), new Date('2028-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('lot availability', () => {
  const lot = (sold: number, held = 0, disabled = false) => ({ capacity: 100, sold, held, disabled });
  it('is on sale with stock left', () => {
    expect(lotAvailability(lot(0))).toBe('Disponivel');
    expect(unitsAvailable(lot(10, 5))).toBe(85);
  });
  it('marks the last tenth as Remanescente', () => {
    expect(lotAvailability(lot(89))).toBe('Disponivel');
    expect(lotAvailability(lot(90))).toBe('Remanescente');
    expect(lotAvailability({ capacity: 5, sold: 4, held: 0, disabled: false })).toBe('Remanescente');
  });
  it('is Reservado when what is left sits in carts, Indisponivel when sold out', () => {
    expect(lotAvailability(lot(60, 40))).toBe('Reservado');
    expect(lotAvailability(lot(100))).toBe('Indisponivel');
  });
  it('is Desativado when the producer turns it off, with nothing available', () => {
    expect(lotAvailability(lot(0, 0, true))).toBe('Desativado');
    expect(unitsAvailable(lot(0, 0, true))).toBe(0);
  });
});

describe('currentLot', () => {
  const lot = (number: number, sold: number, held = 0, disabled = false) => ({
    number,
    capacity: 10,
    sold,
    held,
    disabled,
  });
  it('skips sold-out and disabled lots, in number order', () => {
    expect(currentLot([lot(2, 0), lot(1, 10)])?.number).toBe(2);
    expect(currentLot([lot(1, 0, 0, true), lot(2, 3)])?.number).toBe(2);
  });
  it('keeps a lot whose rest is held in carts', () => {
    expect(currentLot([lot(1, 5, 5), lot(2, 0)])?.number).toBe(1);
  });
  it('is undefined when everything is sold', () => {
    expect(currentLot([lot(1, 10), lot(2, 10)])).toBeUndefined();
  });
});

describe('placeStatus', () => {
  const seat = { capacity: 1, sold: 0, held: 0, disabled: false, bookAsAWhole: false };
  it('gives seats their state', () => {
    expect(placeStatus(seat)).toBe('Disponivel');
    expect(placeStatus({ ...seat, held: 1 })).toBe('Reservado');
    expect(placeStatus({ ...seat, sold: 1 })).toBe('Indisponivel');
    expect(placeStatus({ ...seat, disabled: true })).toBe('Desativado');
  });
  it('takes a whole-sold table at its first sale or hold', () => {
    const table = { capacity: 4, sold: 0, held: 0, disabled: false, bookAsAWhole: true };
    expect(placeStatus(table)).toBe('Disponivel');
    expect(placeStatus({ ...table, held: 4 })).toBe('Reservado');
    expect(placeStatus({ ...table, sold: 4 })).toBe('Indisponivel');
  });
  it('leaves an open table partly sold as Remanescente', () => {
    const table = { capacity: 4, sold: 2, held: 0, disabled: false, bookAsAWhole: false };
    expect(placeStatus(table)).toBe('Remanescente');
  });
});

describe('percentOfCents', () => {
  it('rounds to cents, half up', () => {
    expect(percentOfCents(15_000, 1_000)).toBe(1_500);
    expect(percentOfCents(9_995, 1_000)).toBe(1_000); // 999.5 cents
    expect(percentOfCents(0, 1_000)).toBe(0);
  });
});
