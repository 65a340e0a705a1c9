import { describe, expect, it } from 'vitest';
import { cardBrand } from './card-brand.ts';

describe('cardBrand', () => {
  it('names the brand from the first digits, as the buyer types them', () => {
    expect(cardBrand('4111 1111 1111 1111')).toBe('visa');
    expect(cardBrand('4000')).toBe('visa');
    expect(cardBrand('5555-5555')).toBe('mastercard');
    expect(cardBrand('2221 00')).toBe('mastercard');
    expect(cardBrand('3782 822463 10005')).toBe('amex');
    expect(cardBrand('3412')).toBe('amex');
    expect(cardBrand('6062 8288 8866 6688')).toBe('hipercard');
    expect(cardBrand('3841 0058 9908 8180')).toBe('hipercard');
  });

  it('tells Elo apart from the Visa and Mastercard ranges it shares', () => {
    expect(cardBrand('4011 7888 8888 8888')).toBe('elo');
    expect(cardBrand('5067 2000 0000 0000')).toBe('elo');
    expect(cardBrand('6362 9700 0045 7013')).toBe('elo');
    expect(cardBrand('5041 7500 0000 0000')).toBe('elo');
    expect(cardBrand('4011 0000 0000 0000')).toBe('visa');
  });

  it('says nothing while the digits do not tell yet or name no known brand', () => {
    expect(cardBrand('')).toBeNull();
    expect(cardBrand('4')).toBeNull();
    expect(cardBrand('9999 9999')).toBeNull();
    expect(cardBrand('6011 1111')).toBeNull();
  });
});
