/**
 * The cookie-consent choice of a visitor (LGPD art. 7 I and 8): necessary cookies are always on;
 * analytics and marketing only with consent. Kept in a first-party cookie the browser writes and
 * the API reads (SendPixel refuses to send without marketing consent). Its value is
 * `<version>.a<0|1>.m<0|1>`; a choice made under another version of the cookie policy is asked
 * again.
 */

/** Bump when the categories or what they cover change in substance: everyone is asked again. */
export const COOKIE_POLICY_VERSION = '2026-12-01';
export const COOKIE_CONSENT_NAME = 'cookie_consent';
/** A choice is kept for 12 months, then asked again. */
export const COOKIE_CONSENT_MAX_AGE_SECONDS = 365 * 24 * 3600;

export type TCookieChoice = { analytics: boolean; marketing: boolean };

export function formatCookieConsent(choice: TCookieChoice, version = COOKIE_POLICY_VERSION): string {
  return `${version}.a${choice.analytics ? 1 : 0}.m${choice.marketing ? 1 : 0}`;
}

/** The choice in a cookie value, or null (none yet, unreadable, or made under another version). */
export function parseCookieConsent(
  value: string | null | undefined,
  version = COOKIE_POLICY_VERSION,
): TCookieChoice | null {
  const found = value?.match(/^([\w-]+)\.a([01])\.m([01])$/);
  if (!found || found[1] !== version) return null;
  return { analytics: found[2] === '1', marketing: found[3] === '1' };
}

/** The choice in a Cookie header (or document.cookie). */
export function cookieConsentFromHeader(header: string | null | undefined): TCookieChoice | null {
  const pair = (header ?? '').split(/;\s*/).find((part) => part.startsWith(`${COOKIE_CONSENT_NAME}=`));
  return pair ? parseCookieConsent(decodeURIComponent(pair.slice(COOKIE_CONSENT_NAME.length + 1))) : null;
}
