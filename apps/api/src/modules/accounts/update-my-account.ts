import { accountMessage } from '@ingressos/contracts/account-messages';
import type { TUpdateAccountRequest } from '@ingressos/contracts/accounts';
import { NATIONALITY, nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { parseBirthDate } from '@ingressos/domain/birth-date';
import { normalizeDocument, normalizeEmail } from '@ingressos/domain/documents';
import { eq } from '../../db/orm.ts';
import { phoneCodes, users } from '../../db/schema/index.ts';
import { cityInState } from '../addresses/places.ts';
import { AppError } from '../app-error.ts';
import { fail } from './messages.ts';
import type { TAccountServices } from './services.ts';
import type { TUserRow } from './sessions.ts';

/**
 * Changes the name, phone, gender, state and city of one's own account. A new phone number must
 * be verified again. E-mail, document, birth date and nationality may be sent back unchanged only.
 */
export async function updateMyAccount(s: TAccountServices, user: TUserRow, input: TUpdateAccountRequest) {
  const nationality = user.nationality as TNationality;
  const locale = nationalityLocale(nationality);
  if (input.Id !== user.id) throw fail('forbidden', 'forbidden', locale);
  const changed = (
    sent: string | number | undefined,
    current: string | number,
    normalize = (v: string) => v,
  ) => sent !== undefined && (typeof sent === 'string' ? normalize(sent) : sent) !== current;
  if (
    changed(input.login, user.email, normalizeEmail) ||
    changed(input.cpf, user.document, normalizeDocument) ||
    changed(input.nationality, user.nationality) ||
    changed(input.birthDate, user.birthDate, (v) => parseBirthDate(v, nationality) ?? v)
  ) {
    throw fail('field_locked', 'fieldLocked', locale);
  }

  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.Name !== undefined) set.name = input.Name.trim().replace(/\s+/g, ' ');
  if (input.gender !== undefined) set.gender = input.gender;
  const phoneChanged =
    input.phone !== undefined && (input.phone !== user.phone || input.ddiPhone !== user.ddiPhone);
  if (phoneChanged) {
    set.phone = input.phone;
    set.ddiPhone = input.ddiPhone;
    set.phoneVerifiedAt = null;
  }
  if (nationality === NATIONALITY.brazilian && input.stateIBGEId !== undefined) {
    if (input.stateIBGEId == null || input.cityIBGEId == null) {
      const field = input.stateIBGEId == null ? 'stateRequired' : 'cityRequired';
      throw new AppError('invalid_request', accountMessage(field, locale));
    }
    const place = cityInState(input.stateIBGEId, input.cityIBGEId);
    if (place === 'state') throw fail('invalid_state', 'stateInvalid', locale);
    if (place === 'city') throw fail('invalid_city', 'cityInvalid', locale);
    set.stateIbge = input.stateIBGEId;
    set.cityIbge = input.cityIBGEId;
  }

  const [updated] = await s.db.update(users).set(set).where(eq(users.id, user.id)).returning();
  if (phoneChanged) await s.db.delete(phoneCodes).where(eq(phoneCodes.userId, user.id));
  return updated!;
}
