import { jwtVerify, SignJWT } from 'jose';
import type { TDb } from '../../db/client.ts';
import { and, eq, gt, isNull } from '../../db/orm.ts';
import { biometryTokens } from '../../db/schema/index.ts';

const AUDIENCE = 'biometry-enrolment';

/**
 * An enrolment token: signed (HS256, the link secret, its own audience), carrying the enrolment
 * uuid (`sub`) and its row's id (`jti`). The row makes it single-use: `consumedAt` is set by the
 * `create` that reaches a final status, and a consumed or expired row refuses the token.
 */
export async function issueBiometryToken(options: {
  db: TDb;
  secret: Uint8Array;
  uuid: string;
  channel: string;
  now: Date;
  ttlSeconds: number;
}): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000);
  const [row] = await options.db
    .insert(biometryTokens)
    .values({ enrolmentUuid: options.uuid, channel: options.channel, expiresAt })
    .returning({ id: biometryTokens.id });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(options.uuid)
    .setJti(row!.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(options.now.getTime() / 1000))
    .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000))
    .sign(options.secret);
  return { token, expiresAt };
}

/** The token's row id when it is genuine, for `uuid`, unexpired and unused at `now`; else null. */
export async function readBiometryToken(options: {
  db: TDb;
  secret: Uint8Array;
  token: string;
  uuid: string;
  now: Date;
}): Promise<string | null> {
  let payload: { sub?: string; jti?: string };
  try {
    ({ payload } = await jwtVerify(options.token, options.secret, {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: options.now,
    }));
  } catch {
    return null;
  }
  if (payload.sub !== options.uuid || typeof payload.jti !== 'string') return null;
  if (!/^[0-9a-f-]{36}$/.test(payload.jti)) return null;
  const [row] = await options.db
    .select({ id: biometryTokens.id })
    .from(biometryTokens)
    .where(
      and(
        eq(biometryTokens.id, payload.jti),
        eq(biometryTokens.enrolmentUuid, options.uuid),
        isNull(biometryTokens.consumedAt),
        gt(biometryTokens.expiresAt, options.now),
      ),
    );
  return row?.id ?? null;
}

/** Uses the token up (the enrolment it opened is over). */
export async function consumeBiometryToken(db: TDb, id: string, now: Date): Promise<void> {
  await db
    .update(biometryTokens)
    .set({ consumedAt: now })
    .where(and(eq(biometryTokens.id, id), isNull(biometryTokens.consumedAt)));
}
