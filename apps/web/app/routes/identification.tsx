import { isCpfDocument } from '@ingressos/domain/cpf';
import { Link } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { halfPriceOfCart } from '~/features/checkout/half-price.server.ts';
import { IdentificationForm } from '~/features/checkout/identification-screen.tsx';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/identification.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site, api } = context.get(requestServices);
  const user = await loadUser(context);
  if (!user)
    return {
      locale,
      brand: site.brandName,
      cart: null,
      error: null,
      buyerCpf: '',
      halfPrice: null,
      auth: await loadAuthScreen(context),
    };
  const answer = await serverApi(context)('getCart');
  const cart = answer.ok ? answer.body.cart : null;
  return {
    locale,
    brand: site.brandName,
    cart,
    // Issue 36: the half-price items' categories (only those the event offers) and days.
    halfPrice: cart ? await halfPriceOfCart(api, cart) : null,
    error: answer.ok || !answer.error ? null : answer.message,
    // A foreign document is no CPF: the buyer cannot identify with it, nor is it a transfer's "own CPF".
    buyerCpf: isCpfDocument(user.cpf) ? user.cpf : '',
    auth: null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.identification'), loaderData.brand) }];
}

/**
 * /identificacao (§2, §5 "Identification"): one CPF per unit of every item whose ticket limits
 * tickets per CPF. Each ticket type is checked online (POST /api/CheckTicketsPerCPF) 500 ms after
 * the last keystroke; an invalid, repeated or already-at-limit CPF blocks continuing. Any item may
 * also send tickets to other people's accounts by CPF (transfer entries), each CPF once.
 */
export default function Identification({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo="/identificacao" />;
  const { cart, error } = loaderData;
  if (!cart || cart.items.length === 0)
    return (
      <PageFrame title={t('page.identification')}>
        <p role="alert">{error ?? t('checkout.emptyCart')}</p>
        <Link to="/">{t('checkout.backHome')}</Link>
      </PageFrame>
    );
  return (
    <IdentificationForm
      cart={cart}
      buyerCpf={loaderData.buyerCpf}
      halfPrice={loaderData.halfPrice?.items}
      today={loaderData.halfPrice?.today}
    />
  );
}
