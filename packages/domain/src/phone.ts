import { BRAZIL_DDI } from './account.ts';

/** Spec §9: phone minimum 8, maximum 15 (E.164 allows 15 digits, dial code included). */
export const PHONE_MIN = 8;
export const PHONE_MAX = 15;

/** Digits only, a leading zero dropped (the trunk prefix people type out of habit), at most 15. */
export function normalizePhoneInput(input: string): string {
  return input.replace(/\D/g, '').replace(/^0/, '').slice(0, PHONE_MAX);
}

/**
 * Brazil (+55): a two-digit area code and an 8 or 9 digit number. Elsewhere 8 to 15 digits,
 * dial code and number together within E.164's 15.
 */
export function isValidPhone(digits: string, ddi: string): boolean {
  if (!/^\d+$/.test(digits) || !/^\+\d{1,4}$/.test(ddi)) return false;
  if (ddi === BRAZIL_DDI) return /^[1-9]{2}\d{8,9}$/.test(digits);
  return digits.length >= PHONE_MIN && digits.length + ddi.length - 1 <= PHONE_MAX;
}

/** Brazil's mask: (DD) 9999-9999 or (DD) 99999-9999, applied while typing. */
export function maskBrazilianPhone(digits: string): string {
  const d = digits.slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${d.slice(0, 2)}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${d.slice(0, 2)}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
