import { describe, expect, it } from 'vitest';
import { companionsOk, emptyDraft, unitProblems } from './half-price-rules.ts';

const day = { eventDay: '2026-12-20', today: '2026-11-29' };
const draft = (patch: Partial<ReturnType<typeof emptyDraft>>) => ({ ...emptyDraft(), ...patch });

describe('half-price claim problems, field by field', () => {
  it('asks for a category first', () => {
    expect(unitProblems(emptyDraft(), day)).toEqual({ category: 'required' });
  });

  it("asks a student for the CIE's code, issuer and validity, and refuses a past one", () => {
    expect(unitProblems(draft({ category: 'student' }), day)).toEqual({
      documentNumber: 'required',
      documentIssuer: 'required',
      documentValidUntil: 'required',
    });
    const student = draft({
      category: 'student',
      documentNumber: 'ab12-cd34.ef',
      documentIssuer: 'UNE',
      documentValidUntil: '2027-03-31',
    });
    expect(unitProblems(student, day)).toEqual({});
    expect(unitProblems({ ...student, documentNumber: 'AB1' }, day)).toEqual({
      documentNumber: 'document_format',
    });
    expect(unitProblems({ ...student, documentValidUntil: '2026-11-28' }, day)).toEqual({
      documentValidUntil: 'document_expired',
    });
  });

  it('checks the age on the event day for ID Jovem and seniors', () => {
    const young = draft({ category: 'id_jovem', documentNumber: 'IDJ12345678' });
    expect(unitProblems(young, day)).toEqual({ birthDate: 'birth_date_required' });
    expect(unitProblems({ ...young, birthDate: '1997-12-21' }, day)).toEqual({}); // 29 on the day
    expect(unitProblems({ ...young, birthDate: '1996-12-20' }, day)).toEqual({
      birthDate: 'not_entitled_age',
    });
    expect(unitProblems(draft({ category: 'elderly', birthDate: '1966-12-20' }), day)).toEqual({});
    expect(unitProblems(draft({ category: 'elderly', birthDate: '1966-12-21' }), day)).toEqual({
      birthDate: 'not_entitled_age',
    });
  });

  it('asks nothing more of a person with a disability (the document is shown at the door)', () => {
    expect(unitProblems(draft({ category: 'disability' }), day)).toEqual({});
  });

  it('allows no more companions than people with a disability', () => {
    expect(
      companionsOk([draft({ category: 'disability' }), draft({ category: 'disability_companion' })]),
    ).toBe(true);
    expect(companionsOk([draft({ category: 'disability_companion' })])).toBe(false);
  });
});
