/** CPF (Cadastro de Pessoas Físicas): 11 digits, the last two check digits of the first nine. */

const MASK_CHARACTERS = /[.\-\s]/g;

/** The digits of a CPF typed with or without its mask; other characters are kept, so they fail. */
export function stripCpfMask(value: string): string {
  return value.trim().replace(MASK_CHARACTERS, '');
}

/** Only the digits of what was typed (a form field's value before it is checked or sent). */
export function cpfDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Whether a stored document is a CPF (11 digits) rather than a foreign document. */
export function isCpfDocument(document: string): boolean {
  return /^\d{11}$/.test(document);
}

/** The two check digits of a CPF's first nine digits (Receita Federal rule, weights 10..2 then 11..2). */
export function cpfCheckDigits(nineDigits: string): string {
  const digit = (base: string) => {
    let sum = 0;
    for (let i = 0; i < base.length; i += 1) sum += Number(base[i]) * (base.length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(nineDigits);
  return `${first}${digit(`${nineDigits}${first}`)}`;
}

/** 11 digits (mask optional), not all the same digit, both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = stripCpfMask(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** Formats what has been typed so far as 000.000.000-00 (at most 11 digits, 14 characters). */
export function maskCpf(input: string): string {
  const d = cpfDigits(input).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** A CPF as a message or another person may see it: only the middle six digits (***.456.789-**). */
export function hideCpf(cpf: string): string {
  const digits = stripCpfMask(cpf);
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** A document as another person may see it: a CPF's middle six digits, a foreign document's first two. */
export function hideDocument(document: string): string {
  return isCpfDocument(document) ? hideCpf(document) : `${document.slice(0, 2)}***`;
}
