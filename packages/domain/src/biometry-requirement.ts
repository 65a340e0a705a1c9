import { NATIONALITY, type TNationality } from './account.ts';
import { ADULT_AGE, ageOn, todayIso } from './birth-date.ts';

/** The event's (or ticket type's) facial flags, as the catalogue carries them (commerce §3/§4). */
export type TFacialFlags = {
  facialIsActive: boolean;
  facialAtMomentOfPurchase: boolean;
};

/** What the rule needs to know about one ticket holder. Unknown fields are null. */
export type TBiometryHolder = {
  /** ISO YYYY-MM-DD, or null when the holder has no account or no birth date on it. */
  birthDate: string | null;
  nationality: TNationality | null;
};

export type TBiometryRequirement =
  | { required: true }
  | { required: false; reason: 'event_not_facial' | 'minor' | 'foreign' };

/**
 * Whether a holder must have ACTIVE biometry before payment (commerce §"Facial biometry in purchase":
 * "biometry is skipped for adults flagged by birth date and nationality"). Reading recorded in
 * docs/decisions.md: only Brazilian adults are checked. A holder under 18 on `today` is skipped (the
 * guardian's CPF identifies them and minors cannot enrol alone); a foreign national is skipped (no CPF
 * to bind the face to). A holder whose birth date or nationality is unknown is checked: the rule never
 * skips on missing data.
 */
export function biometryRequirement(
  flags: TFacialFlags,
  holder: TBiometryHolder,
  today: string = todayIso(),
): TBiometryRequirement {
  if (!flags.facialIsActive || !flags.facialAtMomentOfPurchase)
    return { required: false, reason: 'event_not_facial' };
  if (holder.nationality === NATIONALITY.others) return { required: false, reason: 'foreign' };
  if (holder.birthDate && ageOn(holder.birthDate, today) < ADULT_AGE)
    return { required: false, reason: 'minor' };
  return { required: true };
}

export function biometryRequired(flags: TFacialFlags, holder: TBiometryHolder, today?: string): boolean {
  return biometryRequirement(flags, holder, today).required;
}
