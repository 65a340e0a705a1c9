import { describe, expect, it } from 'vitest';
import {
  isValidNfeDocument,
  maskNfeDocument,
  nfeDocumentKind,
  normalizeNfeDocument,
} from './nfe-document.ts';

describe('NF-e document (CPF or CNPJ)', () => {
  it('takes a CPF or a numeric CNPJ with or without its mask, check digits right', () => {
    expect(isValidNfeDocument('529.982.247-25')).toBe(true);
    expect(isValidNfeDocument('52998224725')).toBe(true);
    expect(isValidNfeDocument('11.222.333/0001-81')).toBe(true);
    expect(isValidNfeDocument('11222333000181')).toBe(true);
  });

  it('takes an alphanumeric CNPJ (Receita Federal, 2026), in any case', () => {
    expect(isValidNfeDocument('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidNfeDocument('12abc34501de35')).toBe(true);
    expect(normalizeNfeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses wrong check digits, repeated digits, letters in a CPF, other lengths', () => {
    expect(isValidNfeDocument('529.982.247-26')).toBe(false);
    expect(isValidNfeDocument('111.111.111-11')).toBe(false);
    expect(isValidNfeDocument('11.222.333/0001-82')).toBe(false);
    expect(isValidNfeDocument('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidNfeDocument('5299822472A')).toBe(false);
    expect(isValidNfeDocument('1234567')).toBe(false);
    expect(isValidNfeDocument('')).toBe(false);
  });

  it('masks as typed: a CPF first, a CNPJ once it has more than 11 characters or a letter', () => {
    expect(maskNfeDocument('529')).toBe('529');
    expect(maskNfeDocument('5299822')).toBe('529.982.2');
    expect(maskNfeDocument('52998224725')).toBe('529.982.247-25');
    expect(maskNfeDocument('112223330001')).toBe('11.222.333/0001');
    expect(maskNfeDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskNfeDocument('12abc')).toBe('12.ABC');
    expect(maskNfeDocument('12ABC34501DE35999')).toBe('12.ABC.345/01DE-35');
    expect(nfeDocumentKind('529.982.247-25')).toBe('cpf');
    expect(nfeDocumentKind('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(nfeDocumentKind('123')).toBe(null);
  });
});
