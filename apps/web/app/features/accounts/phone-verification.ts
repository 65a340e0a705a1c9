/**
 * The phone-verification pop-up's state machine (spec §4): start, then verify once a code is
 * sent (an expiry stored from an earlier send is reused while still valid), then resend when the
 * countdown reaches 0 or the server says the code expired, then verify again.
 */
export type TPhoneStep = 'start' | 'verify' | 'resend';

export type TPhoneEvent =
  | { type: 'sent'; expiresAt: number }
  | { type: 'tick'; now: number }
  | { type: 'expiredCode' }
  | { type: 'sendFailed' };

export type TPhoneState = { step: TPhoneStep; expiresAt: number | null };

export function phoneReducer(state: TPhoneState, event: TPhoneEvent): TPhoneState {
  switch (event.type) {
    case 'sent':
      return { step: 'verify', expiresAt: event.expiresAt };
    case 'tick':
      return state.step === 'verify' && state.expiresAt !== null && event.now >= state.expiresAt
        ? { step: 'resend', expiresAt: null }
        : state;
    case 'expiredCode':
      return { step: 'resend', expiresAt: null };
    case 'sendFailed':
      return state.step === 'start' ? state : { step: 'resend', expiresAt: null };
  }
}

/** Seconds left, written m:ss. */
export function countdown(expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The stored expiry of the last code sent to this user and phone, if still in the future. */
export function storedExpiry(raw: string | null, phone: string, now: number): number | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { phone?: unknown; expiresAt?: unknown };
    return stored.phone === phone && typeof stored.expiresAt === 'number' && stored.expiresAt > now
      ? stored.expiresAt
      : null;
  } catch {
    return null;
  }
}

export const expiryKey = (userId: string) => `bilheto.smsExpiry.${userId}`;

/** Exactly 6 digits enables 'Verificar' (spec §5). */
export const isSixDigits = (code: string) => /^\d{6}$/.test(code);
