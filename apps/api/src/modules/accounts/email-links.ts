import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'email-verification';
export const EMAIL_LINK_TTL = '48h';

/** A signed, expiring token for the verification link, bound to the address it was sent to. */
export async function signEmailToken(secret: Uint8Array, userId: string, email: string): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(EMAIL_LINK_TTL)
    .sign(secret);
}

export async function readEmailToken(
  secret: Uint8Array,
  token: string,
): Promise<{ userId: string; email: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}
