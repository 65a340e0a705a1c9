import { describe, expect, it } from 'vitest';
import { pickTransferredUnits } from './purchase-transfers.ts';

const A = '52998224725';
const B = '11144477735';

describe('pickTransferredUnits', () => {
  it('moves the unit identified with the destination CPF', () => {
    const lines = [{ quantity: 3, cpfs: ['39053344705', A, '16899535009'] }];
    expect(pickTransferredUnits(lines, [{ destinationCpf: A, indexItem: 0 }])).toEqual([
      { destinationCpf: A, unit: 1 },
    ]);
  });

  it('moves the last free units of the right item otherwise, units counted across lines', () => {
    const lines = [
      { quantity: 2, cpfs: [] },
      { quantity: 2, cpfs: [] },
    ];
    expect(
      pickTransferredUnits(lines, [
        { destinationCpf: A, indexItem: 1 },
        { destinationCpf: B, indexItem: 1 },
      ]),
    ).toEqual([
      { destinationCpf: A, unit: 3 },
      { destinationCpf: B, unit: 2 },
    ]);
  });

  it('never gives an unnamed transfer the unit named for another destination', () => {
    const lines = [{ quantity: 2, cpfs: ['39053344705', B] }];
    expect(
      pickTransferredUnits(lines, [
        { destinationCpf: A, indexItem: 0 },
        { destinationCpf: B, indexItem: 0 },
      ]),
    ).toEqual([
      { destinationCpf: A, unit: 0 },
      { destinationCpf: B, unit: 1 },
    ]);
  });

  it('ignores transfers beyond the units of their item', () => {
    const lines = [{ quantity: 1, cpfs: [] }];
    expect(
      pickTransferredUnits(lines, [
        { destinationCpf: A, indexItem: 0 },
        { destinationCpf: B, indexItem: 0 },
        { destinationCpf: B, indexItem: 4 },
      ]),
    ).toEqual([{ destinationCpf: A, unit: 0 }]);
  });
});
