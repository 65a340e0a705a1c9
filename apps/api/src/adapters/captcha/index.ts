import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TCaptcha } from './captcha.ts';
import { createLocalCaptcha } from './local.ts';
import { createSiteverifyCaptcha } from './siteverify.ts';

export type { TCaptcha } from './captcha.ts';

export type TCaptchaService = TCaptcha & { issue?: () => Promise<string> };

export function createCaptcha(config: TConfig, db: TDb, secret: () => Promise<Uint8Array>): TCaptchaService {
  const provider = config.CAPTCHA_PROVIDER;
  if (provider === 'off') return { provider, siteKey: null, verify: async () => true };
  if (provider === 'local') return createLocalCaptcha(db, secret);
  return createSiteverifyCaptcha(provider, config.CAPTCHA_SITE_KEY ?? '', config.CAPTCHA_SECRET_KEY ?? '');
}
