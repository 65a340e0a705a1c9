import type { TStaffSearchKind } from '@ingressos/contracts/staff-support';
import { isCpfDocument, stripCpfMask } from '@ingressos/domain/cpf';

/**
 * What support typed, read as one kind of key. The kinds never overlap, so the order of the
 * checks is only for speed, and a search runs one indexed query (never "try them all"):
 * - an '@' is only in an e-mail (users.email is stored lower-cased: compared exactly);
 * - 'E' + 31 letters or digits is a Pix end-to-end id (BCB: E, ISPB, yyyyMMddHHmm, 11 more);
 * - 11 digits, with or without the mask's dots and dash, is a CPF;
 * - exactly 4 digits is a card's last four (nothing else we search has 4 characters);
 * - 8 hexadecimal characters (optionally after 'Pedido' or '#') is the receipt's order code, the
 *   order id's first 8 characters; an 8-digit number is hex too, and is no CPF (11) nor last four.
 * Anything else is refused with a message naming the kinds, rather than searched blindly.
 */
export function searchKindOf(typed: string): { kind: TStaffSearchKind; value: string } | null {
  const text = typed.trim();
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  if (/^E[0-9A-Za-z]{31}$/i.test(text)) return { kind: 'pix_e2e', value: text.toUpperCase() };
  const digits = stripCpfMask(text);
  if (isCpfDocument(digits)) return { kind: 'cpf', value: digits };
  if (/^\d{4}$/.test(text)) return { kind: 'last4', value: text };
  const code = text.replace(/^(pedido\s*|#)/i, '');
  if (/^[0-9a-f]{8}$/i.test(code)) return { kind: 'code', value: code.toLowerCase() };
  return null;
}
