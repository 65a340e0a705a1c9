import { cpfDigits } from './cpf.ts';

/**
 * Tracking (commerce §7 "Tracking"): how a buyer's data is normalised before it is hashed for an
 * advertising pixel's server events, as Meta's Conversions API documents its customer information
 * parameters (e-mail trimmed and lowercased; phone digits only with the country code; first and
 * last name lowercased without punctuation; an external id). The hashing itself is the API's
 * (SHA-256); these are pure so web and API agree, and so the tests can name exact inputs.
 */

/** The pixel events the spec names. */
export const PIXEL_EVENTS = ['ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase'] as const;
export type TPixelEvent = (typeof PIXEL_EVENTS)[number];

/** Tracking amounts are reported in BRL (commerce §9 "tracking currency BRL"). */
export const TRACKING_CURRENCY = 'BRL';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Digits only, with the country code (55 for Brazil); a leading 0 of a trunk prefix is dropped. */
export function normalisePhone(ddi: string, phone: string): string {
  const country = ddi.replace(/\D/g, '');
  const national = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (!national) return '';
  return national.startsWith(country) && national.length > 11 ? national : `${country}${national}`;
}

/** Lowercase, no punctuation, accents kept (UTF-8, as the documentation allows). */
function normaliseNamePart(part: string): string {
  return part
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, '');
}

/** First and last name of a full name ('Ana Maria Silva' → ana, silva). */
export function normaliseNameParts(name: string): { fn: string; ln: string } {
  const parts = name.trim().split(/\s+/).map(normaliseNamePart).filter(Boolean);
  if (parts.length === 0) return { fn: '', ln: '' };
  return { fn: parts[0]!, ln: parts.length > 1 ? parts[parts.length - 1]! : '' };
}

/** A CPF as the external id: its 11 digits (a passport number: trimmed and lowercased). */
export function normaliseExternalId(document: string): string {
  const digits = cpfDigits(document);
  return digits.length === 11 ? digits : document.trim().toLowerCase();
}

/** A tracking value: a finite amount rounded to 2 decimals (never negative). */
export function trackingValue(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(amount * 100) / 100;
}
