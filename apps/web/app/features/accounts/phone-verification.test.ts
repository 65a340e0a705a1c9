import { describe, expect, it } from 'vitest';
import { countdown, isSixDigits, phoneReducer, storedExpiry } from './phone-verification.ts';

describe('phone verification state machine', () => {
  const start = { step: 'start' as const, expiresAt: null };

  it('goes start → verify on a sent code, verify → resend at zero, resend → verify on a new code', () => {
    const verify = phoneReducer(start, { type: 'sent', expiresAt: 1_000 });
    expect(verify).toEqual({ step: 'verify', expiresAt: 1_000 });
    expect(phoneReducer(verify, { type: 'tick', now: 999 })).toBe(verify);
    const resend = phoneReducer(verify, { type: 'tick', now: 1_000 });
    expect(resend).toEqual({ step: 'resend', expiresAt: null });
    expect(phoneReducer(resend, { type: 'sent', expiresAt: 5_000 })).toEqual({
      step: 'verify',
      expiresAt: 5_000,
    });
  });

  it('goes to resend when the server says the code expired', () => {
    expect(phoneReducer({ step: 'verify', expiresAt: 9_999 }, { type: 'expiredCode' }).step).toBe('resend');
  });

  it('stays on start when the first send fails', () => {
    expect(phoneReducer(start, { type: 'sendFailed' })).toBe(start);
  });

  it('reuses a stored expiry only for the same phone and while it is in the future', () => {
    const raw = JSON.stringify({ phone: '+5511987654321', expiresAt: 2_000 });
    expect(storedExpiry(raw, '+5511987654321', 1_000)).toBe(2_000);
    expect(storedExpiry(raw, '+5511987654321', 2_000)).toBeNull();
    expect(storedExpiry(raw, '+5521999999999', 1_000)).toBeNull();
    expect(storedExpiry('not json', '+5511987654321', 1_000)).toBeNull();
    expect(storedExpiry(null, '+5511987654321', 1_000)).toBeNull();
  });

  it('counts down in m:ss and enables Verificar at exactly 6 digits', () => {
    expect(countdown(120_000, 0)).toBe('2:00');
    expect(countdown(120_000, 119_001)).toBe('0:01');
    expect(countdown(0, 5)).toBe('0:00');
    expect(isSixDigits('123456')).toBe(true);
    expect(isSixDigits('12345')).toBe(false);
    expect(isSixDigits('12345a')).toBe(false);
  });
});
