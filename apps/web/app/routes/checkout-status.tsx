import type { TCheckoutSessionView } from '@ingressos/contracts/app-bridge';
import { RESTART_REASON_OF_CODE } from '@ingressos/contracts/app-bridge-messages';
import appStyles from '~/features/checkout/app-checkout.module.css';
import { AppCheckoutStatus, RestartScreen, type TRestart } from '~/features/checkout/app-checkout-status.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/checkout-status.ts';

/** A token is URL-safe base64 of at least 40 characters: anything else is not one of ours. */
const TOKEN = /^[A-Za-z0-9_-]{40,4096}$/;

/**
 * commerce §2 /checkout_status?checkoutSession=…: the mobile app's web view pays its checkout
 * session here (the app asks POST /api/checkout/app-session for one). A session that cannot be
 * paid answers RESTART to the app at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const token = new URL(request.url).searchParams.get('checkoutSession') ?? '';
  const base = { locale, brand: site.brandName, token };
  const invalid = (message: string): { view: null; restart: TRestart } => ({
    view: null,
    restart: { reason: 'session_invalid', message },
  });
  const t = createTranslator(locale);
  if (!TOKEN.test(token)) return { ...base, ...invalid(t('appCheckout.restartTitle')) };
  const answer = await serverApi(context)('checkoutSession', { query: { checkoutSession: token } });
  if (answer.ok) return { ...base, view: answer.body as TCheckoutSessionView, restart: null };
  const reason = answer.kind === 'http' ? RESTART_REASON_OF_CODE[answer.error.code] : undefined;
  const message = answer.message || t('appCheckout.restartTitle');
  return reason ? { ...base, view: null, restart: { reason, message } } : { ...base, ...invalid(message) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('page.checkoutStatus'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function CheckoutStatus({ loaderData }: Route.ComponentProps) {
  const { view, restart, token } = loaderData;
  if (!view)
    return (
      <div className={appStyles.page}>
        <RestartScreen restart={restart!} />
      </div>
    );
  return <AppCheckoutStatus token={token} view={view} />;
}
