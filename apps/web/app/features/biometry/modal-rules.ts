import type { TSiteConfig } from '@ingressos/contracts';

/**
 * When the facial-biometry modal 'Mais seguranca para sua conta!' is offered (accounts §4, §9),
 * small enough for the root to import: the cookies and the flags, no screen.
 *
 * - The global flags (facial biometry global, required on login, required on register) come from
 *   the site's configuration and are kept in a cookie for 1 hour (the spec's "global facial flag
 *   cookie"): a change of configuration reaches a browser within the hour.
 * - Closing the modal ("Agora não", ×) sets a dismissal cookie for 12 hours.
 */
export const BIOMETRY_DISMISS_COOKIE = 'bio_modal_dismissed';
export const BIOMETRY_FLAGS_COOKIE = 'bio_facial_flags';
export const DISMISS_SECONDS = 12 * 60 * 60;
export const FLAGS_SECONDS = 60 * 60;

type TFlags = Pick<TSiteConfig['biometry'], 'facialGlobal' | 'requiredOnLogin' | 'requiredOnRegister'>;

/**
 * Pages where the modal never shows: the capture itself, the account-data form it would cover, and
 * My account, whose own biometry section shows the same status and actions (the modal there also
 * opened over a deletion just confirmed, and its QR link started an enrolment the section then read).
 */
const NO_MODAL =
  /^\/(reconhecimento-facial|dados-da-conta|minha-conta|pagamento|checkout_status|mpexport)(\/|$)/i;

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The flags as the 1-hour cookie keeps them ('g', 'l', 'r' for on), or null without the cookie. */
export function flagsFromCookie(value: string | null): TFlags | null {
  if (value === null || !/^[glr]*$/.test(value)) return null;
  return {
    facialGlobal: value.includes('g'),
    requiredOnLogin: value.includes('l'),
    requiredOnRegister: value.includes('r'),
  };
}

export function flagsCookieValue(flags: TFlags): string {
  return `${flags.facialGlobal ? 'g' : ''}${flags.requiredOnLogin ? 'l' : ''}${flags.requiredOnRegister ? 'r' : ''}`;
}

/**
 * Whether the modal should check the account's biometry on this page: the facial biometry is on
 * globally and required (on login or on register), it was not dismissed in the last 12 hours, and
 * the page is not one where it never shows.
 */
export function biometryModalWanted(input: { flags: TFlags; cookies: string; path: string }): boolean {
  if (NO_MODAL.test(input.path)) return false;
  if (readCookie(input.cookies, BIOMETRY_DISMISS_COOKIE)) return false;
  const flags = flagsFromCookie(readCookie(input.cookies, BIOMETRY_FLAGS_COOKIE)) ?? input.flags;
  return flags.facialGlobal && (flags.requiredOnLogin || flags.requiredOnRegister);
}

/** In the browser: the flags the modal goes by, kept for an hour in their cookie. */
export function browserBiometryModalWanted(flags: TFlags, path: string): boolean {
  const cookies = document.cookie;
  if (flagsFromCookie(readCookie(cookies, BIOMETRY_FLAGS_COOKIE)) === null)
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
    document.cookie = `${BIOMETRY_FLAGS_COOKIE}=${flagsCookieValue(flags)}; Max-Age=${FLAGS_SECONDS}; Path=/; SameSite=Lax`;
  return biometryModalWanted({ flags, cookies, path });
}

export function dismissBiometryModal() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${BIOMETRY_DISMISS_COOKIE}=1; Max-Age=${DISMISS_SECONDS}; Path=/; SameSite=Lax`;
}
