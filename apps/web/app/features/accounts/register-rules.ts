import { NATIONALITY, type TNationality } from '@ingressos/domain/account';
import { isMinor, maskBrazilianDate, parseBirthDate } from '@ingressos/domain/birth-date';
import { maskCpf } from '@ingressos/domain/cpf';
import { normalizeEmail, sanitizeForeignDocument } from '@ingressos/domain/documents';

// The register form's rules that are not the server's schema: what a field takes as it is typed.

/** The nationality chosen, undefined until one is. */
export const nationalityOf = (value: unknown): TNationality | undefined =>
  value === 0 || value === 1 ? value : undefined;

/** A CPF is masked as typed (000.000.000-00); a foreign document keeps only what documents hold. */
export const documentInput = (brazilian: boolean, raw: string) =>
  brazilian ? maskCpf(raw) : sanitizeForeignDocument(raw);

/** A Brazilian types DD/MM/AAAA (masked as typed); others use the browser's date picker. */
export const birthDateInput = (brazilian: boolean, raw: string) => (brazilian ? maskBrazilianDate(raw) : raw);

/** §5: a minor (by the birth date typed, read for the nationality) needs a responsible adult's document. */
export function needsResponsible(nationality: TNationality | undefined, birthDate: string | undefined) {
  const birthIso = nationality === undefined ? null : parseBirthDate(birthDate ?? '', nationality);
  return birthIso !== null && isMinor(birthIso);
}

/** The address typed is the one the server said is registered (compared normalised). */
export const isTakenEmail = (taken: string | null, email: string | undefined) =>
  taken !== null && normalizeEmail(email ?? '') === taken;

/** The consent sentence split around its {terms} and {privacy} links. */
export const consentParts = (text: string) => text.split(/(\{terms\}|\{privacy\})/);

export const isBrazilian = (nationality: TNationality | undefined) => nationality === NATIONALITY.brazilian;
