/**
 * Exclusive pre-sale access (commerce §2 "Exclusive pre-sale pop-up"). The kind of code depends on
 * the issuer: card issuers are matched by the card's first digits (its BIN prefix: never the whole
 * number), the others by a code (club coupon, generic code, VIP group code) or a phone number.
 */
export const EXCLUSIVE_EMISSOR_TYPES = [
  'cooperativeCard',
  'clubCoupon',
  'genericCode',
  'vipGroup',
  'phone',
  'bankCard',
] as const;
export type TExclusiveEmissorType = (typeof EXCLUSIVE_EMISSOR_TYPES)[number];

/** Issuers whose buyers prove access with the first digits of the issuer's card. */
export const isCardEmissor = (type: TExclusiveEmissorType) =>
  type === 'cooperativeCard' || type === 'bankCard';

/** The pop-up asks for six digits; a BIN may be up to eight, and more would be a card number. */
export const BIN_MIN_DIGITS = 6;
export const BIN_MAX_DIGITS = 8;

/**
 * What the buyer typed, in the form it is compared with: card prefixes and phones as digits only,
 * codes upper-case without spaces. Null when it cannot be a valid entry of that kind.
 */
export function normalizeAccessCode(type: TExclusiveEmissorType, raw: string): string | null {
  if (isCardEmissor(type)) {
    const digits = raw.replace(/[\s.-]/g, '');
    return new RegExp(`^\\d{${BIN_MIN_DIGITS},${BIN_MAX_DIGITS}}$`).test(digits) ? digits : null;
  }
  if (type === 'phone') {
    const digits = raw.replace(/[\s()+.-]/g, '');
    return /^\d{8,15}$/.test(digits) ? digits : null;
  }
  const code = raw.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9_-]{3,40}$/.test(code) ? code : null;
}

/** Whether a card's first digits fall under one of the issuer's BIN prefixes. */
export function matchesBinPrefix(digits: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => prefix.length <= digits.length && digits.startsWith(prefix));
}
