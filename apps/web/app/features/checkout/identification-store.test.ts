import { holderOfCpf } from '@ingressos/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identificationTicketsOf, readIdentification, saveIdentification } from './identification-store.ts';

const A = '52998224725';
const B = '39053344705';

describe('identification store', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps holders for this cart and sends the spec’s CPF lists', () => {
    saveIdentification({
      cartId: 'c1',
      entries: [{ indexItem: 1, holders: [holderOfCpf(A), holderOfCpf(B)] }],
      transfers: [{ indexItem: 1, destinationCpf: B }],
    });
    expect(readIdentification('other')).toBeNull();
    const stored = readIdentification('c1');
    expect(stored?.entries).toEqual([{ indexItem: 1, holders: [holderOfCpf(A), holderOfCpf(B)] }]);
    expect(identificationTicketsOf(stored)).toEqual([{ indexItem: 1, cpfs: [A, B] }]);
    expect(identificationTicketsOf(null)).toEqual([]);
  });

  it('reads what a tab stored as CPFs before holders', () => {
    sessionStorage.setItem(
      'bilheto.identification',
      JSON.stringify({ cartId: 'c1', entries: [{ indexItem: 0, cpfs: [A] }], transfers: [] }),
    );
    expect(readIdentification('c1')?.entries).toEqual([{ indexItem: 0, holders: [holderOfCpf(A)] }]);
  });

  it('sends each half-price unit’s claim with its item, in the units’ order', () => {
    const student = {
      category: 'student',
      documentNumber: 'AB12CD34EF',
      documentIssuer: 'UNE',
      documentValidUntil: '2030-01-31',
    };
    const elderly = { category: 'elderly', birthDate: '1950-02-03' };
    saveIdentification({
      cartId: 'c1',
      entries: [
        { indexItem: 0, holders: [holderOfCpf(A)] },
        { indexItem: 1, holders: [holderOfCpf(A), holderOfCpf(B)] },
      ],
      transfers: [],
      halfPrice: [
        { indexItem: 1, claims: [student, elderly] },
        { indexItem: 2, claims: [{ category: 'disability' }] },
      ],
    });
    expect(identificationTicketsOf(readIdentification('c1'))).toEqual([
      { indexItem: 0, cpfs: [A] },
      { indexItem: 1, cpfs: [A, B], halfPrice: [student, elderly] },
      // An item that asks no CPF still carries its claims.
      { indexItem: 2, cpfs: [], halfPrice: [{ category: 'disability' }] },
    ]);
  });
});
