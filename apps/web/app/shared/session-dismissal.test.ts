import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberDismissed, wasDismissed } from './session-dismissal.ts';

function fakeStorage(refuse = false) {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => {
      if (refuse) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('session dismissal', () => {
  it('remembers a closed pop-up under its own key only', () => {
    vi.stubGlobal('sessionStorage', fakeStorage());
    expect(wasDismissed('a')).toBe(false);
    rememberDismissed('a');
    expect(wasDismissed('a')).toBe(true);
    expect(wasDismissed('b')).toBe(false);
  });

  it('treats refused storage as never dismissed, without throwing', () => {
    vi.stubGlobal('sessionStorage', fakeStorage(true));
    expect(() => rememberDismissed('a')).not.toThrow();
    expect(wasDismissed('a')).toBe(false);
  });
});
