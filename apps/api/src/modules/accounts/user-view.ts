import type { TUser } from '@ingressos/contracts/accounts';
import type { TNationality } from '@ingressos/domain/account';
import type { TUserRow } from './sessions.ts';

/** Spec §3 User. State and city ids are their IBGE codes, so both pairs carry the same numbers. */
export function toUserView(row: TUserRow): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.document,
    birthDate: row.birthDate,
    gender: row.gender,
    nationality: row.nationality as TNationality,
    ddiPhone: row.ddiPhone,
    phone: row.phone,
    cityIBGE: row.cityIbge,
    stateIBGE: row.stateIbge,
    cityId: row.cityIbge,
    stateId: row.stateIbge,
    isPhoneVerified: row.phoneVerifiedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
