import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { isCpfDocument, isValidCpf, maskCpf } from './cpf.ts';

/**
 * commerce §3 `nfeDocument`: who the NF-e (the electronic invoice) is issued to, a CPF or a CNPJ.
 * CNPJs may be alphanumeric (Receita Federal, from July 2026: 12 letters or digits, then two check
 * digits), so letters are kept, upper-cased.
 */

/** What is kept of a typed document: letters and digits, upper-cased (the mask dropped). */
export function normalizeNfeDocument(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** A CPF (11 digits) or a CNPJ (14, numeric or alphanumeric) with its check digits right. */
export function isValidNfeDocument(value: string): boolean {
  const document = normalizeNfeDocument(value);
  if (document.length === 11) return isCpfDocument(document) && isValidCpf(document);
  if (document.length === 14) return isValidCnpj(document, { version: 2 });
  return false;
}

/** Which of the two a document is (by its length once normalised); null while it is neither. */
export function nfeDocumentKind(value: string): 'cpf' | 'cnpj' | null {
  const length = normalizeNfeDocument(value).length;
  return length === 11 ? 'cpf' : length === 14 ? 'cnpj' : null;
}

/**
 * The mask as the buyer types: 000.000.000-00 while it can still be a CPF (digits only, at most
 * 11), then the CNPJ's AA.AAA.AAA/AAAA-00 (letters allowed in its first twelve places).
 */
export function maskNfeDocument(input: string): string {
  const raw = normalizeNfeDocument(input).slice(0, 14);
  if (raw.length <= 11 && /^\d*$/.test(raw)) return maskCpf(raw);
  const parts = [raw.slice(0, 2), raw.slice(2, 5), raw.slice(5, 8), raw.slice(8, 12), raw.slice(12, 14)];
  const separators = ['.', '.', '/', '-'];
  let masked = parts[0]!;
  for (let i = 1; i < parts.length; i += 1) if (parts[i]) masked += `${separators[i - 1]}${parts[i]}`;
  return masked;
}
