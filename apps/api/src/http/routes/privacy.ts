import {
  type TDeleteAccountRefusal,
  ZChangeEmailRequest,
  ZConfirmEmailChangeRequest,
  ZDeleteAccountRequest,
} from '@ingressos/contracts/privacy';
import { ZCookieConsentRequest } from '@ingressos/contracts/site-flags';
import { type Context, Hono } from 'hono';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import { deleteMyBiometry } from '../../modules/biometry/delete-my-biometry.ts';
import type { TBiometryServices } from '../../modules/biometry/services.ts';
import { confirmEmailChange } from '../../modules/privacy/confirm-email-change.ts';
import { deleteMyAccount } from '../../modules/privacy/delete-my-account.ts';
import { exportMyData } from '../../modules/privacy/export-my-data.ts';
import { privacyMessage } from '../../modules/privacy/messages.ts';
import { recordCookieConsent } from '../../modules/privacy/record-cookie-consent.ts';
import { requestEmailChange } from '../../modules/privacy/request-email-change.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { clearSessionCookie, requireAuth } from '../middleware/authenticate.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';

/** Data-subject rights (LGPD art. 18) of the logged-in account: export, deletion, e-mail change. */
export function privacyRoutes(s: TAccountServices, biometry: TBiometryServices) {
  const ip = (c: Context<TAppEnv>) => clientIp(c, s.config.TRUST_PROXY_HOPS);
  return new Hono<TAppEnv>()
    .on(...endpoint('exportMyData', '/api'), async (c) => {
      const { user, session } = requireAuth(c);
      await s.limits.consume('dataExportUser', user.id, c.get('locale'));
      const document = await exportMyData({ db: s.db, user, session });
      const day = document.generatedAt.slice(0, 10);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="meus-dados-${day}.json"`);
      return c.body(JSON.stringify(document, null, 2), 200, {
        'content-type': 'application/json; charset=utf-8',
      });
    })

    .on(...endpoint('deleteMyAccount', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const { password } = parseWithMessages(ZDeleteAccountRequest, await readJsonBody(c), locale);
      const outcome = await deleteMyAccount({ s, user, password, ip: ip(c), locale });
      c.header('Cache-Control', 'no-store');
      if (outcome.status === 'blocked') {
        const refusal: TDeleteAccountRefusal = {
          Message: privacyMessage('account_busy', locale),
          code: 'account_busy',
          blockers: outcome.blockers,
        };
        return c.json(refusal, 409);
      }
      // The enrolments and the local face went in the deletion's transaction; a provider's own copy
      // goes now. Its failure is logged, not the buyer's: the account is already gone.
      await deleteMyBiometry({ s: biometry, userId: user.id }).catch((error: unknown) =>
        s.log.error('biometry removal after account deletion failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      clearSessionCookie(c, s.config);
      return c.json({ Message: privacyMessage('account_deleted', locale) });
    })

    .on(...endpoint('changeEmail', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      const input = parseWithMessages(ZChangeEmailRequest, await readJsonBody(c), locale);
      return c.json(await requestEmailChange({ s, user, input, ip: ip(c), locale }));
    })

    .on(...endpoint('confirmEmailChange', '/api'), async (c) => {
      const locale = c.get('locale');
      await s.limits.consume('emailChangeConfirmIp', ip(c), locale);
      const input = parseWithMessages(ZConfirmEmailChangeRequest, await readJsonBody(c), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await confirmEmailChange({ s, input, locale }));
    })

    .on(...endpoint('recordCookieConsent', '/api'), async (c) => {
      const { user } = requireAuth(c);
      const locale = c.get('locale');
      await s.limits.consume('cookieConsentUser', user.id, locale);
      const choice = parseWithMessages(ZCookieConsentRequest, await readJsonBody(c), locale);
      c.header('Cache-Control', 'no-store');
      return c.json(await recordCookieConsent({ db: s.db, userId: user.id, choice }));
    });
}
