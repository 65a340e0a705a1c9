import { describe, expect, it } from 'vitest';
import { NATIONALITY } from './account.ts';
import { ageOn, formatBirthDate, isMinor, maskBrazilianDate, parseBirthDate } from './birth-date.ts';

const TODAY = '2026-11-22';
const { brazilian, others } = NATIONALITY;

describe('birth date', () => {
  it('reads DD/MM/YYYY for Brazilians and YYYY-MM-DD for others', () => {
    expect(parseBirthDate('20/05/1990', brazilian, TODAY)).toBe('1990-05-20');
    expect(parseBirthDate('1990-05-20', others, TODAY)).toBe('1990-05-20');
    expect(parseBirthDate('1990-05-20', brazilian, TODAY)).toBeNull();
    expect(parseBirthDate('20/05/1990', others, TODAY)).toBeNull();
  });

  it.each([
    ['31/02/2000', 'no 31 February'],
    ['29/02/2001', 'no 29 February in 2001'],
    ['00/01/2000', 'day 0'],
    ['10/13/2000', 'month 13'],
    ['22/11/2026', 'today'],
    ['01/01/2030', 'the future'],
    ['01/01/1899', 'before 1900'],
    ['1/1/2000', 'not 10 characters'],
  ])('refuses %s (%s)', (input) => expect(parseBirthDate(input, brazilian, TODAY)).toBeNull());

  it('accepts 29 February of a leap year', () => {
    expect(parseBirthDate('29/02/2000', brazilian, TODAY)).toBe('2000-02-29');
  });

  it('is a minor until the 18th birthday', () => {
    expect(ageOn('2008-11-22', TODAY)).toBe(18);
    expect(isMinor('2008-11-22', TODAY)).toBe(false);
    expect(isMinor('2008-11-23', TODAY)).toBe(true);
    expect(isMinor('2015-01-01', TODAY)).toBe(true);
  });

  it('masks while typing and shows each nationality its format', () => {
    expect(maskBrazilianDate('2005')).toBe('20/05');
    expect(maskBrazilianDate('20051990123')).toBe('20/05/1990');
    expect(formatBirthDate('1990-05-20', brazilian)).toBe('20/05/1990');
    expect(formatBirthDate('1990-05-20', others)).toBe('1990-05-20');
  });
});
