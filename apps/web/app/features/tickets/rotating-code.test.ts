import { checkRotatingCode, parseScannedCode, toBase64Url } from '@ingressos/domain/rotating-code';
import { describe, expect, it } from 'vitest';
import { rotatingFrame, rotatingStep } from './rotating-code.ts';

const secret = new Uint8Array(20).map((_, i) => i * 7 + 1);
const jws = 'eyJhbGciOiJFZERTQSJ9.eyJ0IjoiYWJjIn0.c2lnbmF0dXJl';
const rotating = { jws, secret: toBase64Url(secret), stepSeconds: 15 };

describe('the holder page rotating code', () => {
  it('draws a code the gate accepts at the same instant, and one step either side', async () => {
    const now = Date.UTC(2026, 10, 29, 20, 0, 7);
    const frame = await rotatingFrame(rotating, now);
    const scanned = parseScannedCode(frame.text);
    expect(scanned).toMatchObject({ kind: 'rotating', jws, step: frame.step });
    if (scanned?.kind !== 'rotating') throw new Error('not rotating');
    expect(await checkRotatingCode(secret, scanned, now)).toBe('ok');
    expect(await checkRotatingCode(secret, scanned, now + 15_000)).toBe('ok');
    // A screenshot: refused once more than about 30 seconds old.
    expect(await checkRotatingCode(secret, scanned, now + 31_000)).toBe('stale');
  });

  it('changes the code at the step boundary and not within the step', async () => {
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 15_000);
    const a = await rotatingFrame(rotating, start);
    const b = await rotatingFrame(rotating, start + 14_999);
    const c = await rotatingFrame(rotating, start + 15_000);
    expect(b.text).toBe(a.text);
    expect(c.step).toBe(a.step + 1);
    expect(c.text).not.toBe(a.text);
  });

  it('counts down whole seconds from 15 to 1 and says when the next code is due', async () => {
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 15_000);
    expect((await rotatingFrame(rotating, start)).secondsLeft).toBe(15);
    expect((await rotatingFrame(rotating, start + 500)).secondsLeft).toBe(15);
    expect((await rotatingFrame(rotating, start + 1_000)).secondsLeft).toBe(14);
    const last = await rotatingFrame(rotating, start + 14_900);
    expect(last.secondsLeft).toBe(1);
    expect(last.elapsed).toBeCloseTo(14.9 / 15, 5);
    expect(last.nextAt).toBe(start + 15_000);
  });

  it('uses the step length the server sent', () => {
    expect(rotatingStep({ stepSeconds: 30 }, 90_000)).toBe(3);
    expect(rotatingStep({ stepSeconds: 15 }, 90_000)).toBe(6);
  });
});
