import { describe, expect, it } from 'vitest';
import {
  BIOMETRY_DISMISS_COOKIE,
  BIOMETRY_FLAGS_COOKIE,
  biometryModalWanted,
  flagsCookieValue,
  flagsFromCookie,
} from './modal-rules.ts';

const ON = { facialGlobal: true, requiredOnLogin: true, requiredOnRegister: false };
const OFF = { facialGlobal: false, requiredOnLogin: false, requiredOnRegister: false };

describe('biometryModalWanted', () => {
  it('shows when the global flag and a requirement are on', () => {
    expect(biometryModalWanted({ flags: ON, cookies: '', path: '/' })).toBe(true);
    expect(biometryModalWanted({ flags: { ...ON, requiredOnLogin: false }, cookies: '', path: '/' })).toBe(
      false,
    );
    expect(biometryModalWanted({ flags: { ...ON, facialGlobal: false }, cookies: '', path: '/' })).toBe(
      false,
    );
  });

  it('stays away for 12 hours after a dismissal (its cookie)', () => {
    const cookies = `sid=x; ${BIOMETRY_DISMISS_COOKIE}=1`;
    expect(biometryModalWanted({ flags: ON, cookies, path: '/' })).toBe(false);
  });

  it('goes by the flags kept in the 1-hour cookie over the configuration it was given', () => {
    const kept = `${BIOMETRY_FLAGS_COOKIE}=${flagsCookieValue(OFF)}`;
    expect(biometryModalWanted({ flags: ON, cookies: kept, path: '/' })).toBe(false);
    const keptOn = `${BIOMETRY_FLAGS_COOKIE}=${flagsCookieValue(ON)}`;
    expect(biometryModalWanted({ flags: OFF, cookies: keptOn, path: '/' })).toBe(true);
  });

  it('never shows on the capture page itself nor on the account-data form', () => {
    expect(biometryModalWanted({ flags: ON, cookies: '', path: '/reconhecimento-facial' })).toBe(false);
    expect(biometryModalWanted({ flags: ON, cookies: '', path: '/dados-da-conta' })).toBe(false);
    expect(biometryModalWanted({ flags: ON, cookies: '', path: '/events/show' })).toBe(true);
  });

  it('reads back the flags it wrote, and ignores a cookie it did not write', () => {
    expect(flagsFromCookie(flagsCookieValue(ON))).toEqual(ON);
    expect(flagsFromCookie(flagsCookieValue(OFF))).toEqual(OFF);
    expect(flagsFromCookie('<script>')).toBeNull();
    expect(flagsFromCookie(null)).toBeNull();
  });
});
