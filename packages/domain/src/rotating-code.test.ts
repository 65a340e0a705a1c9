import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkRotatingCode,
  fromBase64Url,
  hotp,
  parseScannedCode,
  ROTATION_STEP_SECONDS,
  rotatingQrText,
  stepAt,
  ticketRotationSecret,
  toBase64Url,
} from './rotating-code.ts';

const JWS = 'eyJhbGciOiJFZERTQSJ9.eyJ0IjoiYWJjIn0.c2lnbmF0dXJl';

describe('rotating ticket codes', () => {
  it('computes RFC 4226 HOTP (the RFC appendix D vectors)', async () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    for (const [counter, code] of expected.entries()) expect(await hotp(secret, counter)).toBe(code);
  });

  it('computes RFC 6238 TOTP at 30 s steps for the RFC appendix B SHA-1 vector (59 s -> 94287082, 6 digits)', async () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    expect(await hotp(secret, Math.floor(59 / 30))).toBe('287082');
    expect(await hotp(secret, Math.floor(1_111_111_109 / 30))).toBe('081804');
  });

  it('derives a per-ticket secret that changes with the ticket and with its version (a transfer)', async () => {
    const key = new Uint8Array(32).fill(7);
    const a1 = await ticketRotationSecret(key, 'ticket-a', 1);
    expect(a1).toHaveLength(20);
    const node = createHmac('sha256', Buffer.from(key)).update('ticket-a.1').digest().subarray(0, 20);
    expect(Buffer.from(a1).equals(node)).toBe(true);
    expect(toBase64Url(await ticketRotationSecret(key, 'ticket-a', 2))).not.toBe(toBase64Url(a1));
    expect(toBase64Url(await ticketRotationSecret(key, 'ticket-b', 1))).not.toBe(toBase64Url(a1));
  });

  it('accepts the current step and one either side, refuses a code about 30 s old or a wrong one', async () => {
    const secret = new Uint8Array(20).fill(3);
    const now = Date.UTC(2027, 0, 8, 23, 0, 7);
    const step = stepAt(now);
    const at = async (s: number) => ({ step: s, code: await hotp(secret, s) });
    expect(await checkRotatingCode(secret, await at(step), now)).toBe('ok');
    // Clock skew: the phone a step behind or ahead of the gate.
    expect(await checkRotatingCode(secret, await at(step - 1), now)).toBe('ok');
    expect(await checkRotatingCode(secret, await at(step + 1), now)).toBe('ok');
    // A screenshot shown 30 s later: two steps old.
    expect(await checkRotatingCode(secret, await at(step), now + 2 * ROTATION_STEP_SECONDS * 1000)).toBe(
      'stale',
    );
    expect(await checkRotatingCode(secret, await at(step + 2), now)).toBe('ahead');
    const real = await at(step);
    const wrong = { step, code: real.code === '000000' ? '000001' : '000000' };
    expect(await checkRotatingCode(secret, wrong, now)).toBe('bad_code');
  });

  it('reads the static QR and the rotating one, and nothing else', () => {
    expect(parseScannedCode(JWS)).toEqual({ kind: 'static', jws: JWS });
    const text = rotatingQrText(JWS, 123_456, '042042');
    expect(parseScannedCode(text)).toEqual({ kind: 'rotating', jws: JWS, step: 123_456, code: '042042' });
    expect(parseScannedCode(`${text}9`)).toBeNull();
    expect(parseScannedCode('https://example.com')).toBeNull();
    expect(parseScannedCode(`BLT2.${JWS}.12.abc123`)).toBeNull();
  });

  it('keeps bytes through base64url', () => {
    const data = Uint8Array.from({ length: 33 }, (_, i) => (i * 37) % 256);
    expect(Array.from(fromBase64Url(toBase64Url(data)))).toEqual(Array.from(data));
  });
});
