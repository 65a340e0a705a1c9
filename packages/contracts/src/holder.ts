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

export const ZHolder = z.object({
  /** 'cpf': `document` is the CPF's 11 digits; 'foreign': a foreign document (spec: 3 to 30 characters). */
  docType: z.enum(['cpf', 'foreign']),
  document: z.string().trim().max(FOREIGN_DOCUMENT_MAX),
  name: z.string().trim().max(120).optional(),
  category: ZHalfPriceCategory.optional(),
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
