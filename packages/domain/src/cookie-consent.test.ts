import { describe, expect, it } from 'vitest';
import { cookieConsentFromHeader, formatCookieConsent, parseCookieConsent } from './cookie-consent.ts';

describe('cookie consent value', () => {
  it('round-trips a choice', () => {
    const value = formatCookieConsent({ analytics: true, marketing: false });
    expect(parseCookieConsent(value)).toEqual({ analytics: true, marketing: false });
  });

  it('asks again when the choice was made under another policy version or is unreadable', () => {
    expect(
      parseCookieConsent(formatCookieConsent({ analytics: true, marketing: true }, '2020-01-01')),
    ).toBeNull();
    expect(parseCookieConsent('yes')).toBeNull();
    expect(parseCookieConsent(undefined)).toBeNull();
  });

  it('reads the choice from a Cookie header among others', () => {
    const header = `sid=abc; cookie_consent=${formatCookieConsent({ analytics: false, marketing: true })}; lang=pt-BR`;
    expect(cookieConsentFromHeader(header)).toEqual({ analytics: false, marketing: true });
    expect(cookieConsentFromHeader('sid=abc')).toBeNull();
  });
});
