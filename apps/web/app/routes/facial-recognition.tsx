import { safeRedirect } from '@ingressos/domain/safe-redirect';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { CaptureFlow } from '~/features/biometry/capture-flow.tsx';
import { requestServices } from '~/server-context.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/facial-recognition.ts';

/**
 * /reconhecimento-facial (accounts §2): the capture, with the account's session, or on a phone
 * without one through the QR code's link (?uuid=…&token=…). The capture's code is this route's
 * own chunk: no other page loads it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const url = new URL(request.url);
  const uuid = url.searchParams.get('uuid');
  const token = url.searchParams.get('token');
  const withToken = Boolean(uuid && token);
  const user = withToken ? null : await loadUser(context);
  return {
    locale,
    brand: site.brandName,
    uuid,
    token: withToken ? token : null,
    signedIn: Boolean(user),
    auth: user || withToken ? null : await loadAuthScreen(context),
    next: safeRedirect(url.searchParams.get('redirect'), '/minha-conta'),
    links: {
      helpUrl: site.helpCenterUrl,
      attendantUrl: site.whatsappUrl || site.helpCenterUrl,
      manualReviewHours: site.biometry.manualReviewHours,
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('page.facialRecognition'), loaderData.brand) },
    // The QR code's link carries a token: never sent on to another site.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function FacialRecognition({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { token, uuid, signedIn, auth, next, links } = loaderData;
  if (!signedIn && !token)
    return auth ? <LazyAuthScreen data={auth} redirectTo="/reconhecimento-facial" /> : null;
  return (
    <PageFrame title={token ? t('biometry.tokenPage') : t('page.facialRecognition')}>
      <CaptureFlow token={token} uuid={uuid} next={next} links={links} />
    </PageFrame>
  );
}
