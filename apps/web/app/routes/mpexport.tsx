import { useEffect, useState } from 'react';
import appStyles from '~/features/checkout/app-checkout.module.css';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/mpexport.ts';

/**
 * commerce §2 /mpexport: a minimal page that loads the payment gateway's card-form script the
 * mobile app needs (window.BilhetoCardForm): the event's gateway with ?eventId=, the one of a
 * checkout session with ?checkoutSession=, else the site's default gateway.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const query = new URL(request.url).searchParams;
  const api = serverApi(context);
  const session = query.get('checkoutSession');
  const eventId = Number(query.get('eventId'));
  const base = { locale, brand: site.brandName };
  if (session) {
    const view = await api('checkoutSession', { query: { checkoutSession: session } });
    return { ...base, gateway: view.ok ? view.body.gateway : null, error: view.ok ? '' : view.message };
  }
  const gateway = await api('checkoutGateway', {
    query: Number.isInteger(eventId) && eventId > 0 && eventId <= 2_147_483_647 ? { eventId } : {},
  });
  return { ...base, gateway: gateway.ok ? gateway.body : null, error: gateway.ok ? '' : gateway.message };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('page.paymentScript'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function PaymentScript({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { gateway, error } = loaderData;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!gateway) return;
    const done = () => setLoaded(Boolean(window.BilhetoCardForm));
    if (window.BilhetoCardForm) return done();
    const script = document.createElement('script');
    script.src = gateway.cardFormScript;
    script.async = true;
    script.dataset.gateway = gateway.kind;
    script.onload = done;
    document.head.append(script);
  }, [gateway]);
  return (
    <div className={appStyles.page} data-gateway={gateway?.kind} data-public-key={gateway?.publicKey ?? ''}>
      {gateway ? (
        <p role="status">{loaded ? t('appCheckout.scriptLoaded') : t('checkout.cardFormLoading')}</p>
      ) : (
        <p role="alert">{error || t('app.genericError')}</p>
      )}
    </div>
  );
}
