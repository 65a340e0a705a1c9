/** The card brands a Brazilian storefront names from the first digits the buyer types. */
export type TCardBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard';

/**
 * Elo BINs (issuer ranges) checked before Visa and Mastercard, whose ranges they overlap: an Elo
 * card starting with 4011 or 5067 is Elo, not Visa or Mastercard.
 */
const ELO =
  /^(4011(78|79)|43(1274|8935)|45(1416|7393|763(1|2))|50(4175|6699|67[0-7][0-9]|9[0-9]{3})|627780|63(6297|6368)|650(03[1-3]|04[0-9]|05[0-1]|4[0-3][0-9]|48[5-9]|49[0-9]|5[0-3][0-9]|9[0-3][0-9])|6516(5[2-9]|[6-7][0-9])|6550([0-1][0-9]|2[0-5]))/;
const HIPERCARD = /^(606282|3841(0|4|6)0)/;

/**
 * The brand of a card number (spaces and dashes ignored), or null while the digits do not tell
 * yet. Only a hint for the buyer: the gateway decides the brand it charges.
 */
export function cardBrand(number: string): TCardBrand | null {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 2) return null;
  if (ELO.test(digits)) return 'elo';
  if (HIPERCARD.test(digits)) return 'hipercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^4/.test(digits)) return 'visa';
  return null;
}
