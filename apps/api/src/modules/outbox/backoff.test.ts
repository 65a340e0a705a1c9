import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

const base = { baseMs: 1000, capMs: 60_000 };

describe('retryDelayMs', () => {
  it('doubles from the base after each failure, with jitter in the upper half of the step', () => {
    expect(retryDelayMs(1, { ...base, random: () => 0 })).toBe(500);
    expect(retryDelayMs(1, { ...base, random: () => 1 })).toBe(1000);
    expect(retryDelayMs(2, { ...base, random: () => 1 })).toBe(2000);
    expect(retryDelayMs(3, { ...base, random: () => 0 })).toBe(2000);
    expect(retryDelayMs(4, { ...base, random: () => 1 })).toBe(8000);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    for (const attempt of [7, 8, 20, 1000]) {
      expect(retryDelayMs(attempt, { ...base, random: () => 1 })).toBe(60_000);
      expect(retryDelayMs(attempt, { ...base, random: () => 0 })).toBe(30_000);
    }
  });

  it('spreads processes that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, base)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});
