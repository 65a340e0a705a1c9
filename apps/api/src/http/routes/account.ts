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
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/** The logged-in account: phone verification, profile update, unsubscribe. */
export function accountRoutes(s: TAccountServices) {
  return new Hono<TAppEnv>()
    .on(...endpoint('sendSmsCode', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('smsUser', user.id, locale);
      await s.limits.consume('smsIp', clientIp(c, s.config.TRUST_PROXY_HOPS), locale);
      return c.json(await sendSmsCode(s, user, locale));
    })

    .on(...endpoint('matchSmsCode', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { code } = parseWithMessages(ZMatchCodeRequest, await readJsonBody(c), locale);
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

    .on(...endpoint('updateMyAccount', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = nationalityLocale(user.nationality as TNationality);
      const input = parseWithMessages(ZUpdateAccountRequest, await readJsonBody(c), locale);
      const updated = await updateMyAccount(s, user, input);
      return c.json({ Message: apiMessage('accountUpdated', locale), user: toUserView(updated) });
    })

    .on(...endpoint('unsubscribe', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { userId } = parseWithMessages(ZUnsubscribeRequest, await readJsonBody(c), locale);
      if (userId !== user.id) throw fail('forbidden', 'forbidden', locale);
      await unsubscribe(s.db, user.id);
      return c.json({ Message: apiMessage('unsubscribed', locale) });
    });
}
