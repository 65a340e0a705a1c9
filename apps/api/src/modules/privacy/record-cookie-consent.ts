import type { TCookieConsentAnswer, TCookieConsentRequest } from '@ingressos/contracts/site-flags';
import type { TCookieConsentKind } from '@ingressos/domain/consent';
import { COOKIE_POLICY_VERSION } from '@ingressos/domain/cookie-consent';
import type { TDb } from '../../db/client.ts';
import { consents } from '../../db/schema/index.ts';

/**
 * A logged-in visitor's cookie choice (LGPD art. 8 §2: the controller proves consent): one
 * `consents` row per category, granted or refused, with the cookie policy's version and the
 * date. The browser's cookie is what the pages obey; this is the account's record of it.
 */
export async function recordCookieConsent(options: {
  db: TDb;
  userId: string;
  choice: TCookieConsentRequest;
}): Promise<TCookieConsentAnswer> {
  const { db, userId, choice } = options;
  const rows: { kind: TCookieConsentKind; granted: boolean }[] = [
    { kind: 'cookies_analytics', granted: choice.analytics },
    { kind: 'cookies_marketing', granted: choice.marketing },
  ];
  const inserted = await db
    .insert(consents)
    .values(rows.map((row) => ({ userId, version: COOKIE_POLICY_VERSION, ...row })))
    .returning({ acceptedAt: consents.acceptedAt });
  return {
    analytics: choice.analytics,
    marketing: choice.marketing,
    version: COOKIE_POLICY_VERSION,
    recordedAt: inserted[0]!.acceptedAt.toISOString(),
  };
}
