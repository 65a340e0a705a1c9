import { describe, expect, it } from 'vitest';
import { captureSchedule } from './camera.ts';

describe('captureSchedule', () => {
  it('takes the first frame at once and the last when the face is closest, in order', () => {
    const times = captureSchedule({ min: 3, max: 8 });
    expect(times).toHaveLength(5);
    expect(times[0]).toBe(0);
    expect(times.at(-1)).toBe(3000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // A pause after the first frame: the person is told to come closer before the next.
    expect(times[1]).toBeGreaterThanOrEqual(1000);
  });

  it('keeps within the frame counts the server asks for', () => {
    expect(captureSchedule({ min: 2, max: 3 })).toHaveLength(3);
    expect(captureSchedule({ min: 6, max: 8 })).toHaveLength(6);
    const two = captureSchedule({ min: 2, max: 2 });
    expect(two).toEqual([0, 3000]);
  });
});
