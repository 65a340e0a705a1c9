import type { TCart, TCreatePaymentRequest } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { isValidNfeDocument, normalizeNfeDocument } from '@ingressos/domain/nfe-document';
import { paymentError } from '../messages.ts';

/**
 * commerce §3 `nfeDocument` (issue 15): the CPF or CNPJ the NF-e is issued to, as stored on the
 * order (mask dropped, CNPJ letters upper-cased). Required when the cart says `isNfeMandatory`;
 * one given anyway must be valid too. Null when none is needed nor given.
 */
export function nfeDocumentOf(cart: TCart, body: TCreatePaymentRequest, locale: TLocale): string | null {
  const given = body.nfeDocument?.trim() ?? '';
  if (!given) {
    if (cart.isNfeMandatory) throw paymentError('nfe_document_required', locale);
    return null;
  }
  if (!isValidNfeDocument(given)) throw paymentError('nfe_document_invalid', locale);
  return normalizeNfeDocument(given);
}
