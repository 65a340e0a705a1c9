/**
 * Spec §5: at least 8 characters with an upper-case letter, a lower-case letter, a digit and a
 * symbol. The strength panel counts four rules (length, both cases, digit, symbol): level 0 to 4.
 */
export const PASSWORD_MIN = 8;
/** Long pass-phrases are welcome; the cap only keeps hashing cheap. */
export const PASSWORD_MAX = 256;

export type TPasswordRule = 'length' | 'cases' | 'digit' | 'symbol';
export type TPasswordStrength = 0 | 1 | 2 | 3 | 4;

export function passwordRules(password: string): Record<TPasswordRule, boolean> {
  return {
    length: [...password].length >= PASSWORD_MIN,
    cases: /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export function passwordStrength(password: string): TPasswordStrength {
  return Object.values(passwordRules(password)).filter(Boolean).length as TPasswordStrength;
}

/** The four labels of the panel: create your password, weak, almost there, strong. */
export type TStrengthLabel = 'create' | 'weak' | 'almost' | 'strong';

export function strengthLabel(level: TPasswordStrength): TStrengthLabel {
  if (level === 0) return 'create';
  if (level <= 2) return 'weak';
  if (level === 3) return 'almost';
  return 'strong';
}

export function isStrongPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX && passwordStrength(password) === 4;
}
