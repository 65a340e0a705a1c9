import { describe, expect, it } from 'vitest';
import { NATIONALITY } from './account.ts';
import { biometryRequired, biometryRequirement } from './biometry-requirement.ts';

const FACIAL = { facialIsActive: true, facialAtMomentOfPurchase: true };
const TODAY = '2026-11-26';
const adultBrazilian = { birthDate: '1990-05-10', nationality: NATIONALITY.brazilian };

describe('biometry requirement at purchase', () => {
  it('requires a Brazilian adult on a facial event', () => {
    expect(biometryRequirement(FACIAL, adultBrazilian, TODAY)).toEqual({ required: true });
  });

  it.each([
    ['facial off', { facialIsActive: false, facialAtMomentOfPurchase: true }],
    ['not at purchase', { facialIsActive: true, facialAtMomentOfPurchase: false }],
    ['both off', { facialIsActive: false, facialAtMomentOfPurchase: false }],
  ])('never requires it when the flags say %s', (_, flags) => {
    expect(biometryRequirement(flags, adultBrazilian, TODAY)).toEqual({
      required: false,
      reason: 'event_not_facial',
    });
  });

  it('skips a foreign national, whatever the age', () => {
    expect(
      biometryRequirement(FACIAL, { birthDate: '1980-01-01', nationality: NATIONALITY.others }, TODAY),
    ).toEqual({
      required: false,
      reason: 'foreign',
    });
  });

  it('skips a holder under 18 and requires one from the 18th birthday', () => {
    expect(biometryRequirement(FACIAL, { birthDate: '2008-11-27', nationality: 0 }, TODAY)).toEqual({
      required: false,
      reason: 'minor',
    });
    expect(biometryRequired(FACIAL, { birthDate: '2008-11-26', nationality: 0 }, TODAY)).toBe(true);
  });

  it('checks a holder whose birth date or nationality is unknown', () => {
    expect(biometryRequired(FACIAL, { birthDate: null, nationality: null }, TODAY)).toBe(true);
    expect(biometryRequired(FACIAL, { birthDate: null, nationality: NATIONALITY.brazilian }, TODAY)).toBe(
      true,
    );
  });
});
