import { describe, expect, it } from 'vitest';
import {
  IDENTIFIER_TYPE,
  isEmail,
  isValidForeignDocument,
  normalizeDocument,
  parseLoginIdentifier,
  parseResetIdentifier,
  sanitizeForeignDocument,
} from './documents.ts';

describe('foreign document (3 to 30 of letters, digits, - . / space + * <)', () => {
  it.each(['AB1', 'X1234567', 'P<BRA-12.34/5 +*', 'a'.repeat(30)])('accepts %s', (doc) =>
    expect(isValidForeignDocument(doc)).toBe(true),
  );
  it.each(['AB', 'a'.repeat(31), 'ABC_123', 'ÁBC123', 'AB#12', ''])('refuses %s', (doc) =>
    expect(isValidForeignDocument(doc)).toBe(false),
  );
  it('drops other characters while typing and stops at 30', () => {
    expect(sanitizeForeignDocument('AB_1#2ç3')).toBe('AB123');
    expect(sanitizeForeignDocument('9'.repeat(40))).toHaveLength(30);
  });
});

describe('e-mail (loose pattern)', () => {
  it('accepts something@something.something and refuses the rest', () => {
    expect(isEmail('ana@exemplo.com.br')).toBe(true);
    expect(isEmail('ana@exemplo')).toBe(false);
    expect(isEmail('ana silva@exemplo.com')).toBe(false);
    expect(isEmail('ana\u0000@exemplo.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@x.co`)).toBe(false);
  });
});

describe('login identifier', () => {
  it('normalises an e-mail, a CPF and a foreign document', () => {
    expect(parseLoginIdentifier(' Ana@Exemplo.COM ')).toEqual({ kind: 'email', value: 'ana@exemplo.com' });
    expect(parseLoginIdentifier('529.982.247-25')).toEqual({ kind: 'cpf', value: '52998224725' });
    expect(parseLoginIdentifier('x1234567')).toEqual({ kind: 'document', value: 'X1234567' });
  });
  it('refuses what is none of them', () => {
    expect(parseLoginIdentifier('ana@exemplo')).toBeNull();
    expect(parseLoginIdentifier('ab')).toBeNull();
    expect(parseLoginIdentifier('')).toBeNull();
  });
  it('stores a CPF as digits and a foreign document upper-cased', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument(' p1234567 ')).toBe('P1234567');
  });
});

describe('forgot-password identifier', () => {
  it('takes a CPF, an e-mail, or 9+ characters as an international document', () => {
    expect(parseResetIdentifier('529.982.247-25')).toEqual({
      identifier: '52998224725',
      identifierType: IDENTIFIER_TYPE.cpf,
    });
    expect(parseResetIdentifier('Ana@Exemplo.com')).toEqual({
      identifier: 'ana@exemplo.com',
      identifierType: IDENTIFIER_TYPE.email,
    });
    expect(parseResetIdentifier('ab1234567')).toEqual({
      identifier: 'AB1234567',
      identifierType: IDENTIFIER_TYPE.document,
    });
  });
  it('refuses 8 characters that are not a CPF or an e-mail', () => {
    expect(parseResetIdentifier('AB123456')).toBeNull();
    expect(parseResetIdentifier('ana@x')).toBeNull();
    expect(parseResetIdentifier('AB_1234567')).toBeNull();
  });
});
