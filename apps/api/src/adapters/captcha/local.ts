import { jwtVerify, SignJWT } from 'jose';
import type { TDb } from '../../db/client.ts';
import { lt } from '../../db/orm.ts';
import { captchaAnswers } from '../../db/schema/index.ts';
import type { TCaptcha } from './captcha.ts';

const AUDIENCE = 'local-captcha';
const ANSWER_TTL_S = 300;

/**
 * The default captcha: the page shows a box a person ticks, which asks us for a signed answer
 * (POST /api/captcha/local). The answer is good for one request within five minutes. It keeps
 * scripts out of the forms' happy path; it is no defence against a determined bot, which is what
 * the real providers are for.
 */
export function createLocalCaptcha(db: TDb, secret: () => Promise<Uint8Array>) {
  const captcha: TCaptcha & { issue(): Promise<string> } = {
    provider: 'local',
    siteKey: null,
    async issue() {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ANSWER_TTL_S}s`)
        .sign(await secret());
    },
    async verify(token) {
      let jti: string | undefined;
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        jti = payload.jti;
      } catch {
        return false;
      }
      if (!jti) return false;
      await db.delete(captchaAnswers).where(lt(captchaAnswers.expiresAt, new Date()));
      const spent = await db
        .insert(captchaAnswers)
        .values({ id: jti, expiresAt: new Date(Date.now() + ANSWER_TTL_S * 1000) })
        .onConflictDoNothing()
        .returning({ id: captchaAnswers.id });
      return spent.length === 1;
    },
  };
  return captcha;
}
