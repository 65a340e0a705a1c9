import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  TOTP_PERIOD_SECONDS,
  totpUri,
} from './totp.ts';

const NOW = new Date('2026-11-29T12:00:10Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const STEP = Math.floor(nowSeconds / TOTP_PERIOD_SECONDS);
/** The code an authenticator app shows `steps` periods away from NOW. */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: nowSeconds + steps * TOTP_PERIOD_SECONDS });

describe('staff TOTP (RFC 6238: 30 s, 6 digits)', () => {
  const secret = newTotpSecret();

  it('accepts the current code and answers its time step', async () => {
    expect(await matchTotp({ secret, code: await codeAt(secret, 0), lastStep: null, now: NOW })).toBe(STEP);
  });

  it('allows one step of clock skew either side, not two', async () => {
    expect(await matchTotp({ secret, code: await codeAt(secret, -1), lastStep: null, now: NOW })).toBe(
      STEP - 1,
    );
    expect(await matchTotp({ secret, code: await codeAt(secret, 1), lastStep: null, now: NOW })).toBe(
      STEP + 1,
    );
    expect(await matchTotp({ secret, code: await codeAt(secret, -2), lastStep: null, now: NOW })).toBeNull();
    expect(await matchTotp({ secret, code: await codeAt(secret, 2), lastStep: null, now: NOW })).toBeNull();
  });

  it('refuses a step at or before the last one accepted (a code works once)', async () => {
    const code = await codeAt(secret, 0);
    expect(await matchTotp({ secret, code, lastStep: STEP, now: NOW })).toBeNull();
    expect(
      await matchTotp({ secret, code: await codeAt(secret, -1), lastStep: STEP - 1, now: NOW }),
    ).toBeNull();
    expect(await matchTotp({ secret, code: await codeAt(secret, 1), lastStep: STEP, now: NOW })).toBe(
      STEP + 1,
    );
  });

  it("refuses another secret's code and anything that is not six digits", async () => {
    const other = newTotpSecret();
    expect(other).not.toBe(secret);
    expect(await matchTotp({ secret, code: await codeAt(other, 0), lastStep: null, now: NOW })).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(await matchTotp({ secret, code, lastStep: null, now: NOW })).toBeNull();
  });

  it('writes the otpauth URI the apps scan, with the brand as issuer', () => {
    const uri = totpUri({ issuer: 'Bilheto', email: 'ana@bilheto.local', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Bilheto:ana%40bilheto\.local\?/);
    const query = new URL(uri).searchParams;
    expect(query.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(query.get('issuer')).toBe('Bilheto');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes a person can type (no 0, O, 1, l, I)', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hashes a code the same however it is typed, and differently from any other code', () => {
    expect(recoveryCodeHash('k7m2q-x9trb')).toBe(recoveryCodeHash(' K7M2Q X9TRB'.trim()));
    expect(recoveryCodeHash('k7m2qx9trb')).toBe(recoveryCodeHash('k7m2q-x9trb'));
    expect(recoveryCodeHash('k7m2q-x9trc')).not.toBe(recoveryCodeHash('k7m2q-x9trb'));
    expect(recoveryCodeHash('k7m2q-x9trb')).toMatch(/^[0-9a-f]{64}$/);
  });
});
