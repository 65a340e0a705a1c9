import { isValidCpf, stripCpfMask } from './cpf.ts';

/** Spec §5: a foreign document is 3 to 30 of letters, digits, hyphen, dot, slash, space, +, * and <. */
export const FOREIGN_DOCUMENT = /^[A-Za-z0-9\-./ +*<]{3,30}$/;
export const FOREIGN_DOCUMENT_CHARACTERS = /[^A-Za-z0-9\-./ +*<]/g;
export const FOREIGN_DOCUMENT_MAX = 30;

/** The loose e-mail pattern of the spec: something@something.something, no spaces. */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
export const EMAIL_MAX = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidForeignDocument(value: string): boolean {
  return FOREIGN_DOCUMENT.test(value.trim());
}

/** Drops characters a foreign document cannot hold, as the input does while typing. */
export function sanitizeForeignDocument(input: string): string {
  return input.replace(FOREIGN_DOCUMENT_CHARACTERS, '').slice(0, FOREIGN_DOCUMENT_MAX);
}

/** How a document is stored and compared: CPF as 11 digits, a foreign document trimmed and upper-cased. */
export function normalizeDocument(value: string): string {
  const trimmed = value.trim();
  return isValidCpf(trimmed) ? stripCpfMask(trimmed) : trimmed.toUpperCase();
}

export type TIdentifier = { kind: 'email' | 'cpf' | 'document'; value: string };

/**
 * The login field takes an e-mail, a CPF or a foreign document; returns it normalised
 * (e-mail lower-cased, CPF as digits), or null when it is none of them.
 */
export function parseLoginIdentifier(input: string): TIdentifier | null {
  const value = input.trim();
  if (value.includes('@')) return isEmail(value) ? { kind: 'email', value: normalizeEmail(value) } : null;
  if (isValidCpf(value)) return { kind: 'cpf', value: stripCpfMask(value) };
  if (isValidForeignDocument(value)) return { kind: 'document', value: value.toUpperCase() };
  return null;
}

/** Password reset identifier types of the spec: e-mail 0, CPF 1, international document 2. */
export const IDENTIFIER_TYPE = { email: 0, cpf: 1, document: 2 } as const;
export type TIdentifierType = (typeof IDENTIFIER_TYPE)[keyof typeof IDENTIFIER_TYPE];

/** Forgot-password: a CPF, an e-mail, or at least 9 characters (an international document). */
export function parseResetIdentifier(
  input: string,
): { identifier: string; identifierType: TIdentifierType } | null {
  const value = input.trim();
  if (isValidCpf(value)) return { identifier: stripCpfMask(value), identifierType: IDENTIFIER_TYPE.cpf };
  if (isEmail(value)) return { identifier: normalizeEmail(value), identifierType: IDENTIFIER_TYPE.email };
  if (value.length >= 9 && value.length <= FOREIGN_DOCUMENT_MAX && isValidForeignDocument(value)) {
    return { identifier: value.toUpperCase(), identifierType: IDENTIFIER_TYPE.document };
  }
  return null;
}
