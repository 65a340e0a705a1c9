import { describe, expect, it } from 'vitest';
import { staffCoversEvent } from './roles.ts';

describe('staffCoversEvent', () => {
  it('lets the unscoped roles act on any event', () => {
    expect(staffCoversEvent({ role: 'support', eventIds: [] }, 7)).toBe(true);
    expect(staffCoversEvent({ role: 'admin', eventIds: [1] }, 7)).toBe(true);
  });
  it('limits a producer and a gate agent to their own events', () => {
    expect(staffCoversEvent({ role: 'producer', eventIds: [1, 2] }, 2)).toBe(true);
    expect(staffCoversEvent({ role: 'producer', eventIds: [1, 2] }, 3)).toBe(false);
    expect(staffCoversEvent({ role: 'gate', eventIds: [] }, 1)).toBe(false);
  });
});
