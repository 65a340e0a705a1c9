import { describe, expect, it } from 'vitest';
import { clock } from './use-seconds-left.ts';

describe('clock', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(59)).toBe('00:59');
    expect(clock(60)).toBe('01:00');
    expect(clock(125)).toBe('02:05');
    expect(clock(900)).toBe('15:00');
  });
});
