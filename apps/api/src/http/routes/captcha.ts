import { CAPTCHA_HEADER, type TCaptchaConfig } from '@ingressos/contracts/accounts';
import type { TLocale } from '@ingressos/domain';
import { type Context, Hono } from 'hono';
import { fail } from '../../modules/accounts/messages.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';

/** Checks the captcha answer of a form (X-Captcha-Token) unless captchas are switched off. */
export async function verifyCaptcha(
  c: Context<TAppEnv>,
  s: TAccountServices,
  locale: TLocale,
): Promise<void> {
  if (s.captcha.provider === 'off') return;
  const token = c.req.header(CAPTCHA_HEADER);
  if (!token) throw fail('captcha_required', 'captchaRequired', locale);
  if (token.length > 4096 || !(await s.captcha.verify(token, clientIp(c, s.config.TRUST_PROXY_HOPS)))) {
    throw fail('captcha_invalid', 'captchaInvalid', locale);
  }
}

/** GET api/captcha/config and, for the local challenge, POST api/captcha/local (the tick). */
export function captchaRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>()
    .on(...endpoint('captchaConfig', '/api/captcha'), (c) => {
      const config: TCaptchaConfig = { provider: s.captcha.provider, siteKey: s.captcha.siteKey };
      return c.json(config);
    })
    .on(...endpoint('captchaLocal', '/api/captcha'), async (c) => {
      const locale = c.get('locale');
      if (!s.captcha.issue) throw fail('not_found', 'captchaLocalOnly', locale);
      await s.limits.consume('captchaIp', clientIp(c, s.config.TRUST_PROXY_HOPS), locale);
      c.header('Cache-Control', 'no-store');
      return c.json({ token: await s.captcha.issue() });
    });
}
