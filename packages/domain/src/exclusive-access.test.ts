import { describe, expect, it } from 'vitest';
import { matchesBinPrefix, normalizeAccessCode } from './exclusive-access.ts';

describe('normalizeAccessCode', () => {
  it('keeps the digits of a card prefix of 6 to 8 digits', () => {
    expect(normalizeAccessCode('cooperativeCard', '5067 12')).toBe('506712');
    expect(normalizeAccessCode('bankCard', '4111-1111')).toBe('41111111');
  });

  it('refuses fewer than 6 digits, letters, or a whole card number', () => {
    expect(normalizeAccessCode('cooperativeCard', '50671')).toBeNull();
    expect(normalizeAccessCode('bankCard', '50671a')).toBeNull();
    expect(normalizeAccessCode('bankCard', '4111111111111111')).toBeNull();
  });

  it('compares codes without case or spaces', () => {
    expect(normalizeAccessCode('clubCoupon', ' socio 2027 ')).toBe('SOCIO2027');
    expect(normalizeAccessCode('vipGroup', 'ab')).toBeNull();
  });

  it('keeps the digits of a phone number', () => {
    expect(normalizeAccessCode('phone', '+1 (415) 555-0100')).toBe('14155550100');
    expect(normalizeAccessCode('phone', '123')).toBeNull();
  });
});

describe('matchesBinPrefix', () => {
  it('matches when the typed digits start with a prefix no longer than them', () => {
    expect(matchesBinPrefix('506712', ['506712'])).toBe(true);
    expect(matchesBinPrefix('50671234', ['506712'])).toBe(true);
    expect(matchesBinPrefix('506712', ['50671234'])).toBe(false);
    expect(matchesBinPrefix('506713', ['506712', '400000'])).toBe(false);
  });
});
