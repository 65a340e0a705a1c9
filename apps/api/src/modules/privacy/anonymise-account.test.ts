import { isValidCpf } from '@ingressos/domain/cpf';
import { parseLoginIdentifier, parseResetIdentifier } from '@ingressos/domain/documents';
import { describe, expect, it } from 'vitest';
import { deletedDocument, deletedEmail } from './anonymise-account.ts';
import { maskOthersDocument } from './export-my-data.ts';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('what a deleted account keeps in place of its e-mail and document', () => {
  it('a document no login or reset form can name, and never a CPF', () => {
    const document = deletedDocument(id);
    expect(parseLoginIdentifier(document)).toBeNull();
    expect(parseResetIdentifier(document)).toBeNull();
    expect(isValidCpf(document)).toBe(false);
    expect(deletedDocument('3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6c')).not.toBe(document);
  });

  it('an e-mail under the reserved .invalid domain, one per account', () => {
    expect(deletedEmail(id)).toBe(`${id}@deleted.invalid`);
    expect(deletedEmail(id)).not.toBe(deletedEmail('3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6c'));
  });
});

describe("someone else's document in my export", () => {
  it('shows a CPF by its middle digits and a foreign document by its first two characters', () => {
    expect(maskOthersDocument('12345678909')).toBe('***.456.789-**');
    expect(maskOthersDocument('P1234567')).toBe('P1***');
  });
});
