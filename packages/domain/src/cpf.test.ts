import { describe, expect, it } from 'vitest';
import {
  cpfCheckDigits,
  cpfDigits,
  hideCpf,
  hideDocument,
  isCpfDocument,
  isValidCpf,
  maskCpf,
} from './cpf.ts';

describe('CPF', () => {
  it('computes both check digits (Receita Federal worked example 280.012.389-38)', () => {
    expect(cpfCheckDigits('280012389')).toBe('38');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111444777')).toBe('35');
    // A first-digit remainder of 10 counts as 0.
    expect(cpfCheckDigits('123456789')).toBe('09');
  });

  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '280.012.389-38', ' 123.456.789-09 '])(
    'accepts %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ['a wrong first check digit', '529.982.247-15'],
    ['a wrong second check digit', '529.982.247-24'],
    ['all the same digit', '111.111.111-11'],
    ['all zeros', '000.000.000-00'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '529.982.247-2a'],
    ['an empty value', ''],
  ])('refuses %s', (_why, cpf) => expect(isValidCpf(cpf)).toBe(false));

  it('masks as the person types, up to 14 characters', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(maskCpf('abc')).toBe('');
  });
});

describe('hideCpf', () => {
  it('shows only the middle six digits, masked or not', () => {
    expect(hideCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(hideCpf('52998224725')).toBe('***.982.247-**');
  });
});

describe('cpfDigits, isCpfDocument, hideDocument', () => {
  it('keeps only the digits of what was typed', () => {
    expect(cpfDigits(' 529.982.247-25 ')).toBe('52998224725');
    expect(cpfDigits('ab')).toBe('');
  });
  it('tells a stored CPF from a foreign document', () => {
    expect(isCpfDocument('52998224725')).toBe(true);
    expect(isCpfDocument('529.982.247-25')).toBe(false);
    expect(isCpfDocument('X1234567')).toBe(false);
  });
  it("hides a CPF's outer digits and all but a foreign document's first two characters", () => {
    expect(hideDocument('52998224725')).toBe('***.982.247-**');
    expect(hideDocument('X1234567')).toBe('X1***');
  });
});
