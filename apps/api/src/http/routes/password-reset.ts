import { ZNewResetPasswordRequest, ZSendResetPasswordRequest } from '@ingressos/contracts/accounts';
import { Hono } from 'hono';
import { apiMessage } from '../../modules/accounts/messages.ts';
import { resetPassword } from '../../modules/accounts/reset-password.ts';
import { sendResetPasswordEmail } from '../../modules/accounts/send-reset-password-email.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { clearSessionCookie } from '../middleware/authenticate.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/** POST api/v2/webiste/sendResetPasswordEmail (the spec's spelling) and POST api/website/NewResetPassword. */
export function passwordResetRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>()
    .on(...endpoint('sendResetPasswordEmail', '/api'), async (c) => {
      const locale = c.get('locale');
      await s.limits.consume('resetIp', clientIp(c, s.config.TRUST_PROXY_HOPS), locale);
      const request = parseWithMessages(ZSendResetPasswordRequest, await readJsonBody(c), locale);
      await s.limits.consume('resetAccount', request.identifier, locale);
      return c.json(await sendResetPasswordEmail(s, request, locale));
    })
    .on(...endpoint('resetPassword', '/api'), async (c) => {
      const locale = c.get('locale');
      await s.limits.consume('resetConfirmIp', clientIp(c, s.config.TRUST_PROXY_HOPS), locale);
      const request = parseWithMessages(ZNewResetPasswordRequest, await readJsonBody(c), locale);
      await resetPassword(s, request, locale);
      // Every session of the account was revoked, this browser's included.
      clearSessionCookie(c, s.config);
      return c.json({ Message: apiMessage('passwordChanged', locale) });
    });
}
