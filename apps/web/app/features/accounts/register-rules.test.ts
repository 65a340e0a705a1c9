import { describe, expect, it } from 'vitest';
import {
  birthDateInput,
  consentParts,
  documentInput,
  isBrazilian,
  isTakenEmail,
  nationalityOf,
  needsResponsible,
} from './register-rules.ts';

describe('register form rules', () => {
  it('reads the nationality only once one is chosen', () => {
    expect(nationalityOf(0)).toBe(0);
    expect(nationalityOf(1)).toBe(1);
    expect(nationalityOf(undefined)).toBeUndefined();
    expect(nationalityOf('0')).toBeUndefined();
    expect(isBrazilian(0)).toBe(true);
    expect(isBrazilian(1)).toBe(false);
  });

  it('masks a CPF and a Brazilian date as typed; a foreign document drops what documents never hold', () => {
    expect(documentInput(true, '52998224725')).toBe('529.982.247-25');
    expect(documentInput(false, 'AB-12#34_é')).toBe('AB-1234');
    expect(birthDateInput(true, '01022000')).toBe('01/02/2000');
    expect(birthDateInput(false, '2000-02-01')).toBe('2000-02-01');
  });

  it('asks a minor for a responsible adult', () => {
    const year = new Date().getFullYear();
    expect(needsResponsible(0, `01/01/${year - 10}`)).toBe(true);
    expect(needsResponsible(0, '01/01/1980')).toBe(false);
    expect(needsResponsible(1, `${year - 10}-01-01`)).toBe(true);
    expect(needsResponsible(undefined, `01/01/${year - 10}`)).toBe(false);
    expect(needsResponsible(0, '')).toBe(false);
  });

  it('flags the registered address however it is typed', () => {
    expect(isTakenEmail('ana@x.com', ' Ana@X.com ')).toBe(true);
    expect(isTakenEmail('ana@x.com', 'bia@x.com')).toBe(false);
    expect(isTakenEmail(null, 'ana@x.com')).toBe(false);
  });

  it('splits the consent sentence around its two links', () => {
    expect(consentParts('Li os {terms} e a {privacy}.')).toEqual([
      'Li os ',
      '{terms}',
      ' e a ',
      '{privacy}',
      '.',
    ]);
  });
});
