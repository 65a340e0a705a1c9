import { ageOn } from './birth-date.ts';

/**
 * Half-price (meia-entrada, issue 36): who is entitled, by which law, and what a holder proves.
 * The federal categories come from Lei 12.933/2013 and Decreto 8.537/2015 (students, ID Jovem,
 * people with disabilities and their companion) and the Estatuto da Pessoa Idosa (60 or more); the
 * state-law ones hold where their state's law does, so a producer switches them on per event.
 * Pure: the api validates each holder's claim with these, the web shows the same labels.
 */

export const HALF_PRICE_CATEGORY_IDS = [
  'student',
  'elderly',
  'disability',
  'disability_companion',
  'id_jovem',
  'teacher_sp',
  'teacher_rj',
] as const;
export type THalfPriceCategoryId = (typeof HALF_PRICE_CATEGORY_IDS)[number];

/** Decreto 8.537/2015, art. 1º: at least 40% of the tickets for sale are half-price. */
export const HALF_PRICE_MIN_QUOTA_PERCENT = 40;

/** The student IDs' (CIE) issuers: the national student bodies, and the state/city/campus ones they certify. */
export const CIE_ISSUERS = ['UNE', 'UBES', 'ANPG', 'UEE', 'UMES', 'DCE'] as const;

export type THalfPriceDocument = {
  /** What the document is called, in each language. */
  name: { 'pt-BR': string; en: string };
  /** The number's format, on its normalised form (upper case, no spaces, dots or dashes). */
  pattern: RegExp;
  /** The issuer named on the document, from this list (the CIE's). */
  issuers?: readonly string[];
  /** The document has a validity date, which must not be past (the CIE's). */
  validUntil?: boolean;
};

export type THalfPriceCategory = {
  id: THalfPriceCategoryId;
  law: string;
  /** Federal law: every event with half-price accepts it; a state law: only where the producer switches it on. */
  scope: 'federal' | 'state';
  label: { 'pt-BR': string; en: string };
  /** The document whose number the holder gives at identification; null: shown at the door only. */
  document: THalfPriceDocument | null;
  /** Age on the event's day, from the holder's birth date (inclusive bounds). */
  age: { min?: number; max?: number } | null;
};

export const HALF_PRICE_CATEGORIES: readonly THalfPriceCategory[] = [
  {
    id: 'student',
    law: 'Lei 12.933/2013, art. 1º',
    scope: 'federal',
    label: { 'pt-BR': 'Estudante', en: 'Student' },
    document: {
      name: { 'pt-BR': 'Carteira de Identificação Estudantil (CIE)', en: 'National student ID (CIE)' },
      // The CIE's certification code: letters and digits, 8 to 20 of them.
      pattern: /^[A-Z0-9]{8,20}$/,
      issuers: CIE_ISSUERS,
      validUntil: true,
    },
    age: null,
  },
  {
    id: 'elderly',
    law: 'Lei 10.741/2003 (Estatuto da Pessoa Idosa), art. 23',
    scope: 'federal',
    label: { 'pt-BR': 'Pessoa idosa (60+)', en: 'Senior (60+)' },
    document: null,
    age: { min: 60 },
  },
  {
    id: 'disability',
    law: 'Lei 12.933/2013, art. 1º, § 8º',
    scope: 'federal',
    label: { 'pt-BR': 'Pessoa com deficiência', en: 'Person with a disability' },
    document: null,
    age: null,
  },
  {
    id: 'disability_companion',
    law: 'Lei 12.933/2013, art. 1º, § 8º',
    scope: 'federal',
    label: {
      'pt-BR': 'Acompanhante de pessoa com deficiência',
      en: 'Companion of a person with a disability',
    },
    document: null,
    age: null,
  },
  {
    id: 'id_jovem',
    law: 'Lei 12.933/2013, art. 1º, § 2º; Decreto 8.537/2015',
    scope: 'federal',
    label: { 'pt-BR': 'Jovem de baixa renda (ID Jovem)', en: 'Low-income young person (ID Jovem)' },
    document: { name: { 'pt-BR': 'ID Jovem', en: 'ID Jovem' }, pattern: /^[A-Z0-9]{8,20}$/ },
    age: { min: 15, max: 29 },
  },
  {
    id: 'teacher_sp',
    law: 'Lei estadual 15.298/2014 (SP)',
    scope: 'state',
    label: { 'pt-BR': 'Professor(a) da rede pública (SP)', en: 'Public school teacher (SP)' },
    document: { name: { 'pt-BR': 'Registro funcional', en: 'Staff ID number' }, pattern: /^\d{5,12}$/ },
    age: null,
  },
  {
    id: 'teacher_rj',
    law: 'Lei estadual 3.364/2000 (RJ)',
    scope: 'state',
    label: { 'pt-BR': 'Professor(a) da rede pública (RJ)', en: 'Public school teacher (RJ)' },
    document: { name: { 'pt-BR': 'Matrícula funcional', en: 'Staff ID number' }, pattern: /^\d{5,12}$/ },
    age: null,
  },
];

const BY_ID = new Map(HALF_PRICE_CATEGORIES.map((c) => [c.id, c]));

export function halfPriceCategory(id: string): THalfPriceCategory | null {
  return BY_ID.get(id as THalfPriceCategoryId) ?? null;
}

/** 'MEIA-ENTRADA · Estudante': what the ticket, its PDF, My tickets and the gate show. */
export function halfPriceLabel(id: string, locale: 'pt-BR' | 'en' = 'pt-BR'): string {
  const category = halfPriceCategory(id);
  return `MEIA-ENTRADA · ${category ? category.label[locale] : id}`;
}

/** A document number as compared: upper case, without spaces, dots, dashes or slashes. */
export function normaliseDocumentNumber(input: string): string {
  return input.toUpperCase().replace(/[\s./-]/g, '');
}

export type THalfPriceClaim = {
  category: string;
  documentNumber?: string | null;
  documentIssuer?: string | null;
  /** ISO date (YYYY-MM-DD). */
  documentValidUntil?: string | null;
};

export type THalfPriceRefusal =
  | 'category_unknown'
  | 'category_not_offered'
  | 'document_required'
  | 'document_format'
  | 'issuer_invalid'
  | 'document_expired'
  | 'birth_date_required'
  | 'not_entitled_age';

export type THalfPriceCheck =
  | { ok: true; claim: Required<{ [K in keyof THalfPriceClaim]: NonNullable<THalfPriceClaim[K]> | null }> }
  | { ok: false; reason: THalfPriceRefusal };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks one holder's claim: the category is one the event offers, the document's number has its
 * format (and the CIE its issuer and a validity date not past), and the age-based categories hold
 * on the event's day by the holder's birth date (null: unknown, which they refuse).
 */
export function checkHalfPriceClaim(
  claim: THalfPriceClaim,
  context: { offered: readonly string[]; birthDate: string | null; eventDay: string; today: string },
): THalfPriceCheck {
  const category = halfPriceCategory(claim.category);
  if (!category) return { ok: false, reason: 'category_unknown' };
  if (!context.offered.includes(category.id)) return { ok: false, reason: 'category_not_offered' };
  let documentNumber: string | null = null;
  let documentIssuer: string | null = null;
  let documentValidUntil: string | null = null;
  const document = category.document;
  if (document) {
    documentNumber = normaliseDocumentNumber(claim.documentNumber ?? '');
    if (!documentNumber) return { ok: false, reason: 'document_required' };
    if (!document.pattern.test(documentNumber)) return { ok: false, reason: 'document_format' };
    if (document.issuers) {
      documentIssuer = (claim.documentIssuer ?? '').trim().toUpperCase();
      if (!document.issuers.includes(documentIssuer)) return { ok: false, reason: 'issuer_invalid' };
    }
    if (document.validUntil) {
      documentValidUntil = claim.documentValidUntil ?? '';
      if (!ISO_DAY.test(documentValidUntil)) return { ok: false, reason: 'document_required' };
      if (documentValidUntil < context.today) return { ok: false, reason: 'document_expired' };
    }
  }
  if (category.age) {
    if (!context.birthDate) return { ok: false, reason: 'birth_date_required' };
    const age = ageOn(context.birthDate, context.eventDay);
    const { min, max } = category.age;
    if ((min !== undefined && age < min) || (max !== undefined && age > max)) {
      return { ok: false, reason: 'not_entitled_age' };
    }
  }
  return {
    ok: true,
    claim: { category: category.id, documentNumber, documentIssuer, documentValidUntil },
  };
}

/** One companion per person with a disability (Lei 12.933/2013, art. 1º, § 8º): companions never outnumber them. */
export function companionsWithinLimit(categories: readonly (string | null | undefined)[]): boolean {
  const disabled = categories.filter((c) => c === 'disability').length;
  const companions = categories.filter((c) => c === 'disability_companion').length;
  return companions <= disabled;
}

/** The categories an event offers: every federal one, plus the state ones its producer switched on. */
export function offeredCategories(chosen: readonly string[]): THalfPriceCategoryId[] {
  return HALF_PRICE_CATEGORIES.filter((c) => c.scope === 'federal' || chosen.includes(c.id)).map((c) => c.id);
}

/** A section's half-price quota: floor(percent × capacity / 100). */
export function halfPriceQuota(capacity: number, quotaPercent: number): number {
  return Math.floor((capacity * quotaPercent) / 100);
}
