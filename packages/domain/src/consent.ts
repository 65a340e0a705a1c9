/**
 * The version of the Terms of use and the Privacy policy a registration accepts (LGPD art. 8:
 * consent must be provable). Bump it whenever `content/pages/termos-de-uso.*` or
 * `politicas-de-privacidade.*` change in substance; each account keeps the version it accepted.
 */
export const TERMS_VERSION = '2026-11-24';

/** What a registration consents to, one row each in `consents`. */
export const CONSENT_KINDS = ['terms_of_use', 'privacy_policy'] as const;
export type TConsentKind = (typeof CONSENT_KINDS)[number];

/** A logged-in visitor's cookie choice, one row per category each time it is made (granted or refused). */
export const COOKIE_CONSENT_KINDS = ['cookies_analytics', 'cookies_marketing'] as const;
export type TCookieConsentKind = (typeof COOKIE_CONSENT_KINDS)[number];
