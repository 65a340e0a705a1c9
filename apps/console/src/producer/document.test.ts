import { describe, expect, it } from 'vitest';
import {
  describePath,
  emptyDocument,
  fieldId,
  getAt,
  localIn,
  setAt,
  slugOf,
  tabOf,
  zonedIso,
} from './document.ts';

const doc = () => emptyDocument('Paula Produtora', { section: 'Pista', ticket: 'Inteira' });

describe("the editor's document helpers", () => {
  it('writes by path without touching the original, and removes a key set to undefined', () => {
    const before = doc();
    const after = setAt(before, ['sections', 0, 'tickets', 0, 'lots', 0, 'price'], 120);
    expect(getAt(after, ['sections', 0, 'tickets', 0, 'lots', 0, 'price'])).toBe(120);
    expect(before.sections[0]!.tickets[0]!.lots[0]!.price).toBe(0);
    expect(after.sections[0]!.tickets[0]).not.toBe(before.sections[0]!.tickets[0]);
    const withGroup = setAt(before, ['group'], 'turne');
    expect('group' in setAt(withGroup, ['group'], undefined)).toBe(false);
    // A missing object on the way is created (the sale settings' optional parts).
    expect(setAt(before, ['queue', 'enabled'], true).queue).toEqual({ enabled: true });
  });

  it("reads and writes a wall-clock time in the event's time zone, with its offset", () => {
    expect(zonedIso('2027-03-14T21:00', 'America/Sao_Paulo')).toBe('2027-03-14T21:00:00-03:00');
    expect(zonedIso('2027-03-14T21:00', 'America/Manaus')).toBe('2027-03-14T21:00:00-04:00');
    expect(zonedIso('2027-03-14T21:00', 'America/Noronha')).toBe('2027-03-14T21:00:00-02:00');
    expect(zonedIso('', 'America/Sao_Paulo')).toBe('');
    expect(localIn('2027-03-15T00:00:00Z', 'America/Sao_Paulo')).toBe('2027-03-14T21:00');
    expect(localIn('2027-03-14T21:00:00-03:00', 'America/Manaus')).toBe('2027-03-14T20:00');
    expect(localIn(undefined, 'America/Sao_Paulo')).toBe('');
  });

  it("names a problem's path by the document, its field and its tab", () => {
    const d = setAt(
      doc(),
      ['coupons'],
      [{ code: 'MARE10', kind: 'percent', percent: 10, quantity: 5, lots: [], active: true }],
    );
    expect(describePath(d, 'sections[0].tickets[0].lots[0].quantity', 'Lote')).toBe(
      'Pista › Inteira › Lote 1 › quantity',
    );
    expect(describePath(d, 'coupons[0].percent', 'Lote')).toBe('MARE10 › percent');
    expect(describePath(d, 'venue.postalCode', 'Lote')).toBe('venue.postalCode');
    expect(fieldId('sections[0].tickets[1].lots[0].quantity')).toBe('f-sections-0-tickets-1-lots-0-quantity');
    expect(fieldId(['venue', 'name'])).toBe('f-venue-name');
    expect(tabOf('sections[1].places[3].alias')).toBe('map');
    expect(tabOf('sections[1].tickets[0].name')).toBe('sections');
    expect(tabOf('coupons[0].code')).toBe('coupons');
    expect(tabOf('exclusiveAccess[0].codes')).toBe('access');
    expect(tabOf('refundService.site.percent')).toBe('sales');
    expect(tabOf('venue.city')).toBe('data');
  });

  it('makes a slug of a Portuguese name', () => {
    expect(slugOf('Festival Maré Alta — 2027!')).toBe('festival-mare-alta-2027');
  });
});
