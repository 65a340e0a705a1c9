import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from './cpf.ts';
import { transferEntryProblems } from './transfer-entries.ts';

const cpf = (nine: string) => `${nine}${cpfCheckDigits(nine)}`;
const buyer = cpf('111444777');
const friend = cpf('529982247');
const other = cpf('390533447');

describe('transferEntryProblems', () => {
  it('accepts valid CPFs of other people, one ticket each', () => {
    const entries = [
      { destinationCpf: friend, indexItem: 0 },
      { destinationCpf: other, indexItem: 0 },
    ];
    expect(transferEntryProblems(entries, { buyerCpf: buyer, quantities: [2] })).toEqual([null, null]);
  });

  it("refuses an invalid CPF, the buyer's own, a CPF used twice (its later uses) and more than an item has", () => {
    const entries = [
      { destinationCpf: '123', indexItem: 0 },
      { destinationCpf: buyer, indexItem: 0 },
      { destinationCpf: friend, indexItem: 0 },
      { destinationCpf: friend.replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-'), indexItem: 1 },
      { destinationCpf: other, indexItem: 0 },
      { destinationCpf: cpf('987654321'), indexItem: 5 },
    ];
    expect(transferEntryProblems(entries, { buyerCpf: buyer, quantities: [1, 1] })).toEqual([
      'invalid',
      'self',
      null,
      'repeated',
      'too_many',
      'invalid',
    ]);
  });
});
