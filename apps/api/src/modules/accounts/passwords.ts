import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1).
 * `algorithm: 2` is Algorithm.Argon2id; the enum is a `const enum` type strips cannot read.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when there is no account, so timing does not tell. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummy, password);
  return false;
}
