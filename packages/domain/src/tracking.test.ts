import { describe, expect, it } from 'vitest';
import {
  normaliseEmail,
  normaliseExternalId,
  normaliseNameParts,
  normalisePhone,
  trackingValue,
} from './tracking.ts';

describe('tracking normalisation (Conversions API customer information)', () => {
  it('trims and lowercases e-mails', () => {
    expect(normaliseEmail('  Ana.Silva@Exemplo.COM.br ')).toBe('ana.silva@exemplo.com.br');
  });

  it('keeps phone digits with the country code, once', () => {
    expect(normalisePhone('+55', '(11) 98765-4321')).toBe('5511987654321');
    expect(normalisePhone('+55', '011 98765-4321')).toBe('5511987654321');
    expect(normalisePhone('+1', '202-555-0123')).toBe('12025550123');
    expect(normalisePhone('+55', '')).toBe('');
  });

  it('splits a full name into lowercased first and last names without punctuation, accents kept', () => {
    expect(normaliseNameParts('  Ana Maria   Silva ')).toEqual({ fn: 'ana', ln: 'silva' });
    expect(normaliseNameParts("João D'Ávila")).toEqual({ fn: 'joão', ln: 'dávila' });
    expect(normaliseNameParts('Madonna')).toEqual({ fn: 'madonna', ln: '' });
  });

  it('uses the CPF digits as the external id', () => {
    expect(normaliseExternalId('529.982.247-25')).toBe('52998224725');
    expect(normaliseExternalId(' P1234567 ')).toBe('p1234567');
  });

  it('rounds values to 2 decimals and never reports a negative or non-finite one', () => {
    expect(trackingValue(242)).toBe(242);
    expect(trackingValue(10.005)).toBe(10.01);
    expect(trackingValue(99.994)).toBe(99.99);
    expect(trackingValue(-5)).toBe(0);
    expect(trackingValue(Number.NaN)).toBe(0);
  });
});
