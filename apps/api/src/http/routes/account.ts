import { ZMatchCodeRequest, ZUnsubscribeRequest, ZUpdateAccountRequest } from '@ingressos/contracts/accounts';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { Hono } from 'hono';
import { matchPhoneCode, PhoneCodeError } from '../../modules/accounts/match-phone-code.ts';
import { apiMessage, fail } from '../../modules/accounts/messages.ts';
import { sendSmsCode } from '../../modules/accounts/send-sms-code.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { unsubscribe } from '../../modules/accounts/unsubscribe.ts';
import { updateMyAccount } from '../../modules/accounts/update-my-account.ts';
import { toUserView } from '../../modules/accounts/user-view.ts';
import { clientIp } from '../client-ip.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWith, readJson } from '../validate.ts';

/** The logged-in account: phone verification, profile update, unsubscribe. */
export function accountRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>()
    .post('/v3/send-sms-code', async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('smsUser', user.id, locale);
      await s.limits.consume('smsIp', clientIp(c, s.config.TRUST_PROXY_HOPS), locale);
      return c.json(await sendSmsCode(s, user, locale));
    })

    .post('/v2/match-code', async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { code } = parseWith(ZMatchCodeRequest, await readJson(c), locale);
      await s.limits.consume('matchCodeUser', user.id, locale);
      try {
        const updated = await matchPhoneCode(s, user, code, locale);
        return c.json({
          success: true,
          Message: apiMessage('phoneVerified', locale),
          user: toUserView(updated),
        });
      } catch (error) {
        if (!(error instanceof PhoneCodeError)) throw error;
        return c.json({ Message: error.message, code: error.type, error: { type: error.type } }, 400);
      }
    })

    .post('/website/updatemyaccount', async (c) => {
      const { user } = requireAuth(c);
      const locale = nationalityLocale(user.nationality as TNationality);
      const input = parseWith(ZUpdateAccountRequest, await readJson(c), locale);
      const updated = await updateMyAccount(s, user, input);
      return c.json({ Message: apiMessage('accountUpdated', locale), user: toUserView(updated) });
    })

    .post('/newunsubscribe', async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { userId } = parseWith(ZUnsubscribeRequest, await readJson(c), locale);
      if (userId !== user.id) throw fail('forbidden', 'forbidden', locale);
      await unsubscribe(s.db, user.id);
      return c.json({ Message: apiMessage('unsubscribed', locale) });
    });
}
