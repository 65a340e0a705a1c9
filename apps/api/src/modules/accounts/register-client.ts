import type { TRegisterRequest } from '@ingressos/contracts/accounts';
import { NATIONALITY, nationalityLocale } from '@ingressos/domain/account';
import { isMinor, parseBirthDate } from '@ingressos/domain/birth-date';
import { CONSENT_KINDS, TERMS_VERSION } from '@ingressos/domain/consent';
import { normalizeDocument } from '@ingressos/domain/documents';
import { eq, or } from '../../db/orm.ts';
import { consents, users } from '../../db/schema/index.ts';
import { cityInState } from '../addresses/places.ts';
import { violatedUniqueConstraint } from './find-user.ts';
import { fail } from './messages.ts';
import { hashPassword } from './passwords.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/** Creates the account of a validated registration; messages in the language of its nationality. */
export async function registerClient(s: TAccountServices, input: TRegisterRequest): Promise<TUserRow> {
  const locale = nationalityLocale(input.nationality);
  const brazilian = input.nationality === NATIONALITY.brazilian;
  const birthDate = parseBirthDate(input.birthDate, input.nationality);
  if (!birthDate) throw new Error('registerClient needs a validated request');
  const document = normalizeDocument(input.cpf);
  const email = input.email;

  let stateIbge: number | null = null;
  let cityIbge: number | null = null;
  if (brazilian && input.stateID != null && input.cityID != null) {
    const place = cityInState(input.stateID, input.cityID);
    if (place === 'state') throw fail('invalid_state', 'stateInvalid', locale);
    if (place === 'city') throw fail('invalid_city', 'cityInvalid', locale);
    stateIbge = input.stateID;
    cityIbge = input.cityID;
  }

  const [taken] = await s.db
    .select({ email: users.email })
    .from(users)
    .where(or(eq(users.email, email), eq(users.document, document)))
    .limit(1);
  if (taken) throw takenError(taken.email === email ? 'users_email_key' : 'users_document_key', locale);

  const responsible =
    isMinor(birthDate) && input.responsibleCPF ? normalizeDocument(input.responsibleCPF) : null;
  try {
    // The account and the consents it gave exist together or not at all.
    return await s.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name.trim().replace(/\s+/g, ' '),
          email,
          document,
          nationality: input.nationality,
          birthDate,
          responsibleDocument: responsible,
          gender: input.gender,
          ddiPhone: input.ddiPhone,
          phone: input.phone,
          stateIbge,
          cityIbge,
          passwordHash: await hashPassword(input.password),
        })
        .returning();
      await tx
        .insert(consents)
        .values(CONSENT_KINDS.map((kind) => ({ userId: user!.id, kind, version: TERMS_VERSION })));
      return user!;
    });
  } catch (error) {
    // Two registrations racing for the same e-mail or document: the index decides.
    const constraint = violatedUniqueConstraint(error);
    if (constraint !== null) throw takenError(constraint, locale);
    throw error;
  }
}

function takenError(constraint: string, locale: 'pt-BR' | 'en') {
  return constraint === 'users_email_key'
    ? fail('email_taken', 'emailTaken', locale)
    : fail('document_taken', 'documentTaken', locale);
}
