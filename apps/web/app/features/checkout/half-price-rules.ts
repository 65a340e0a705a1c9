import { ageOn } from '@ingressos/domain/birth-date';
import {
  companionsWithinLimit,
  halfPriceCategory,
  normaliseDocumentNumber,
} from '@ingressos/domain/half-price';

/** One half-price unit's claim as typed at /identificacao (issue 36). */
export type THalfPriceDraft = {
  category: string;
  documentNumber: string;
  documentIssuer: string;
  /** YYYY-MM-DD, from the date input. */
  documentValidUntil: string;
  /** YYYY-MM-DD, asked only for a category that goes by age. */
  birthDate: string;
};

export type THalfPriceField = keyof THalfPriceDraft;

export type THalfPriceProblem =
  | 'required'
  | 'document_format'
  | 'issuer_invalid'
  | 'document_expired'
  | 'birth_date_required'
  | 'not_entitled_age';

export const emptyDraft = (): THalfPriceDraft => ({
  category: '',
  documentNumber: '',
  documentIssuer: '',
  documentValidUntil: '',
  birthDate: '',
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each field's problem, by the same rules the api applies (domain/half-price.ts
 * checkHalfPriceClaim), one per field so each error stands beside its own input.
 */
export function unitProblems(
  draft: THalfPriceDraft,
  context: { eventDay: string; today: string },
): Partial<Record<THalfPriceField, THalfPriceProblem>> {
  const category = halfPriceCategory(draft.category);
  if (!category) return { category: 'required' };
  const problems: Partial<Record<THalfPriceField, THalfPriceProblem>> = {};
  const document = category.document;
  if (document) {
    const number = normaliseDocumentNumber(draft.documentNumber);
    if (!number) problems.documentNumber = 'required';
    else if (!document.pattern.test(number)) problems.documentNumber = 'document_format';
    if (document.issuers && !document.issuers.includes(draft.documentIssuer))
      problems.documentIssuer = draft.documentIssuer ? 'issuer_invalid' : 'required';
    if (document.validUntil) {
      if (!ISO_DAY.test(draft.documentValidUntil)) problems.documentValidUntil = 'required';
      else if (draft.documentValidUntil < context.today) problems.documentValidUntil = 'document_expired';
    }
  }
  if (category.age) {
    if (!ISO_DAY.test(draft.birthDate) || draft.birthDate > context.today)
      problems.birthDate = 'birth_date_required';
    else {
      const age = ageOn(draft.birthDate, context.eventDay);
      const { min, max } = category.age;
      if ((min !== undefined && age < min) || (max !== undefined && age > max))
        problems.birthDate = 'not_entitled_age';
    }
  }
  return problems;
}

/** The fields in the order the form shows them: the first with a problem takes the focus. */
export const FIELD_ORDER: THalfPriceField[] = [
  'category',
  'documentNumber',
  'documentIssuer',
  'documentValidUntil',
  'birthDate',
];

/** Lei 12.933/2013, art. 1º, § 8º: no more companions than people with a disability in the cart. */
export function companionsOk(drafts: readonly THalfPriceDraft[]): boolean {
  return companionsWithinLimit(drafts.map((draft) => draft.category));
}
