import { FOREIGN_DOCUMENT_MAX } from '@ingressos/domain/documents';
import { z } from 'zod';

/**
 * A ticket holder: the person a unit of a ticket type is identified for (commerce §5
 * "Identification"). Inside the api and the web, holders travel as THolder; the spec's payloads
 * (identification entries, CheckTicketsPerCPF, the biometry holders call) are lists of CPFs, so
 * the edges map them with holdersOfCpfs / cpfsOfHolders and the wire stays the same.
 *
 * To add a holder field: add it here (optional, so older stored orders still parse), fill it in
 * the identification form, and read it where it is used (e.g. issue-tickets for the ticket row).
 */

/**
 * The half-price (meia-entrada) category a holder claims. The spec has only the information page
 * (/meia-entrada) so far: a short code, to become an enum of the legal categories when they are named.
 */
export const ZHalfPriceCategory = z.string().trim().min(1).max(40);
export type THalfPriceCategory = z.infer<typeof ZHalfPriceCategory>;

const ZIsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Issue 36: what a holder of a half-price unit claims (domain/half-price.ts checks it): the
 * category, the document's number, issuer and validity where the category has one, and the birth
 * date for the age categories when the holder's CPF has no account.
 */
export const ZHalfPriceClaim = z.object({
  category: ZHalfPriceCategory,
  documentNumber: z.string().trim().max(40).optional(),
  documentIssuer: z.string().trim().max(20).optional(),
  documentValidUntil: ZIsoDay.optional(),
  birthDate: ZIsoDay.optional(),
});
export type THalfPriceClaim = z.infer<typeof ZHalfPriceClaim>;

export const ZHolder = z.object({
  /** 'cpf': `document` is the CPF's 11 digits; 'foreign': a foreign document (spec: 3 to 30 characters). */
  docType: z.enum(['cpf', 'foreign']),
  document: z.string().trim().max(FOREIGN_DOCUMENT_MAX),
  name: z.string().trim().max(120).optional(),
  category: ZHalfPriceCategory.optional(),
  /** Issue 36: the claim of a half-price unit's holder, checked at the payment; absent on other units. */
  halfPrice: ZHalfPriceClaim.optional(),
});
export type THolder = z.infer<typeof ZHolder>;

/** The holder a CPF names (as given: callers normalise it first). */
export function holderOfCpf(cpf: string): THolder {
  return { docType: 'cpf', document: cpf };
}

/** Edge of the spec's payloads: a list of CPFs as holders. */
export function holdersOfCpfs(cpfs: string[]): THolder[] {
  return cpfs.map(holderOfCpf);
}

/** Edge of the spec's payloads: the holders' documents, in order (what the CPF lists carry). */
export function cpfsOfHolders(holders: THolder[]): string[] {
  return holders.map((holder) => holder.document);
}
