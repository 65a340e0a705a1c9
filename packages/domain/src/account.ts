/** Spec §3 enumerations. */
export const NATIONALITY = { brazilian: 0, others: 1 } as const;
export type TNationality = (typeof NATIONALITY)[keyof typeof NATIONALITY];

export const GENDER = { male: 1, female: 2, others: 3, preferNotToSay: 4 } as const;
export type TGender = (typeof GENDER)[keyof typeof GENDER];
export const GENDERS: readonly TGender[] = [1, 2, 3, 4];

/** Spec §9. */
export const PHONE_CODE_LENGTH = 6;
export const BRAZIL_DDI = '+55';

/** The language of an account's messages: Portuguese for Brazilians, English for others (spec §5). */
export function nationalityLocale(nationality: TNationality): 'pt-BR' | 'en' {
  return nationality === NATIONALITY.brazilian ? 'pt-BR' : 'en';
}

/** Spec §4: the gender pop-up shows while gender is null or 0. */
export function needsGender(gender: number | null | undefined): boolean {
  return !gender;
}
