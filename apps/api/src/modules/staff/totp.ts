import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { sha256 } from '../../db/tokens.ts';

/**
 * Issue 33: the staff's second factor, TOTP as RFC 6238 sets it and every authenticator app reads
 * it (SHA-1, 30-second steps, 6 digits), through otplib (v13: audited hashing and base32, a
 * constant-time comparison and the matched time step, which makes "a code works once" one column).
 */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as the apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app scans: the brand as issuer, the staff e-mail as label. */
export function totpUri(options: { issuer: string; email: string; secret: string }): string {
  return generateURI({
    issuer: options.issuer,
    label: options.email,
    secret: options.secret,
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
  });
}

/**
 * The time step a code matches (within one step of `now`), or null. A step at or before
 * `lastStep` (the last one accepted for this account) is refused: each code works once.
 */
export async function matchTotp(options: {
  secret: string;
  code: string;
  lastStep: number | null;
  now?: Date;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(options.code)) return null;
  const result = await verify({
    secret: options.secret,
    token: options.code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    epoch: Math.floor((options.now ?? new Date()).getTime() / 1000),
    ...(options.lastStep !== null ? { afterTimeStep: options.lastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

/** How many recovery codes an enrolment gives (each works once; only their SHA-256 is kept). */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits a person cannot confuse when typing from paper (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2q-x9trb` (10 characters of a 31-letter alphabet: ~49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored and compared: the code without spaces, dashes or case, hashed. */
export function recoveryCodeHash(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ''));
}
