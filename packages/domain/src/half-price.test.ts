import { describe, expect, it } from 'vitest';
import {
  checkHalfPriceClaim,
  companionsWithinLimit,
  HALF_PRICE_CATEGORIES,
  halfPriceLabel,
  halfPriceQuota,
  offeredCategories,
} from './half-price.ts';

const today = '2026-11-29';
const eventDay = '2026-12-20';
const all = HALF_PRICE_CATEGORIES.map((c) => c.id);
const check = (claim: Parameters<typeof checkHalfPriceClaim>[0], birthDate: string | null = '1990-05-01') =>
  checkHalfPriceClaim(claim, { offered: all, birthDate, eventDay, today });
const reason = (result: ReturnType<typeof check>) => (result.ok ? 'ok' : result.reason);

describe('half-price categories', () => {
  it('names each category with its law and a pt-BR and English label', () => {
    for (const category of HALF_PRICE_CATEGORIES) {
      expect(category.law).toMatch(/Lei|Decreto/);
      expect(category.label['pt-BR'].length).toBeGreaterThan(0);
      expect(category.label.en.length).toBeGreaterThan(0);
    }
    expect(halfPriceLabel('student')).toBe('MEIA-ENTRADA · Estudante');
    expect(halfPriceLabel('elderly', 'en')).toBe('MEIA-ENTRADA · Senior (60+)');
  });

  it('student: a CIE code of its format, a known issuer and a validity date not past', () => {
    const cie = {
      category: 'student',
      documentNumber: 'ab12-cd34',
      documentIssuer: 'une',
      documentValidUntil: '2027-03-31',
    };
    const ok = check(cie);
    expect(ok.ok && ok.claim).toEqual({
      category: 'student',
      documentNumber: 'AB12CD34',
      documentIssuer: 'UNE',
      documentValidUntil: '2027-03-31',
    });
    expect(reason(check({ ...cie, documentNumber: '' }))).toBe('document_required');
    expect(reason(check({ ...cie, documentNumber: 'AB1' }))).toBe('document_format');
    expect(reason(check({ ...cie, documentIssuer: 'Escola X' }))).toBe('issuer_invalid');
    expect(reason(check({ ...cie, documentValidUntil: '2026-11-28' }))).toBe('document_expired');
    expect(reason(check({ ...cie, documentValidUntil: null }))).toBe('document_required');
  });

  it('elderly: 60 or more on the event day by the birth date, which it needs', () => {
    expect(reason(check({ category: 'elderly' }, '1966-12-20'))).toBe('ok');
    expect(reason(check({ category: 'elderly' }, '1966-12-21'))).toBe('not_entitled_age');
    expect(reason(check({ category: 'elderly' }, null))).toBe('birth_date_required');
  });

  it('ID Jovem: 15 to 29 on the event day and its number', () => {
    const claim = { category: 'id_jovem', documentNumber: '12345678901' };
    expect(reason(check(claim, '2000-01-01'))).toBe('ok');
    expect(reason(check(claim, '1996-12-19'))).toBe('not_entitled_age');
    expect(reason(check(claim, '2011-12-21'))).toBe('not_entitled_age');
    expect(reason(check({ category: 'id_jovem' }, '2000-01-01'))).toBe('document_required');
  });

  it('disability and its companion need no number; companions never outnumber them', () => {
    expect(reason(check({ category: 'disability' }))).toBe('ok');
    expect(reason(check({ category: 'disability_companion' }))).toBe('ok');
    expect(companionsWithinLimit(['disability', 'disability_companion'])).toBe(true);
    expect(companionsWithinLimit(['disability_companion'])).toBe(false);
    expect(companionsWithinLimit(['disability', 'disability_companion', 'disability_companion'])).toBe(false);
  });

  it('state-law teachers: only where the event offers them, with a staff number', () => {
    expect(reason(check({ category: 'teacher_sp', documentNumber: '123456' }))).toBe('ok');
    expect(reason(check({ category: 'teacher_rj', documentNumber: '12' }))).toBe('document_format');
    const offered = offeredCategories([]);
    expect(offered).not.toContain('teacher_sp');
    expect(offered).toContain('student');
    expect(
      checkHalfPriceClaim(
        { category: 'teacher_sp', documentNumber: '123456' },
        { offered, birthDate: null, eventDay, today },
      ),
    ).toEqual({ ok: false, reason: 'category_not_offered' });
    expect(reason(check({ category: 'astronaut' }))).toBe('category_unknown');
  });

  it('quota: floor of the percent of the capacity', () => {
    expect(halfPriceQuota(101, 40)).toBe(40);
    expect(halfPriceQuota(10, 45)).toBe(4);
  });
});
