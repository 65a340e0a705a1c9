import type { TOngoingOrder, TPendingMultipleTransaction } from '@ingressos/contracts';
import { Link, redirect } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { requireProfileForPayment } from '~/features/accounts/require-profile-for-payment.server.ts';
import { PaymentForm } from '~/features/checkout/payment-screen.tsx';
import { OngoingPurchase } from '~/features/checkout/pending-payment.tsx';
import { SplitRestore } from '~/features/checkout/split-restore.tsx';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import styles from '~/ui/panels.module.css';
import type { Route } from './+types/payment.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const base = {
    locale,
    brand: site.brandName,
    cart: null,
    error: null,
    installments: [],
    unverified: false,
    ongoing: null as TOngoingOrder | null,
    split: null as TPendingMultipleTransaction['result'],
  };
  const user = await loadUser(context);
  if (!user) return { ...base, auth: await loadAuthScreen(context) };
  // §2 guards: a verified e-mail (else the persistent warning), a complete profile, no incomplete tables.
  if (!user.emailVerified) return { ...base, auth: null, unverified: true };
  requireProfileForPayment(user);
  // §4 "Ongoing purchase": a pending payment is restored here, before any new one.
  const api = serverApi(context);
  const [answer, ongoing, split] = await Promise.all([
    api('getCart'),
    api('ongoing'),
    api('pendingMultipleTransaction'),
  ]);
  // Ways to pay: multi-payment — a split interrupted by a reload is finished here (its order also
  // reads as the ongoing purchase: its cards are what remains to pay).
  if (split.ok && split.body.result) {
    const gateway = await api('checkoutGateway', { query: { eventId: split.body.result.event.id } });
    return { ...base, auth: null, split: split.body.result, gateway: gateway.ok ? gateway.body : null };
  }
  if (ongoing.ok && ongoing.body.ongoing) return { ...base, auth: null, ongoing: ongoing.body.ongoing };
  const cart = answer.ok ? answer.body.cart : null;
  if (cart && cart.incompleteTables.length > 0) throw redirect(`/eventmap/${cart.items[0]!.slug}`);
  const [installments, gateway] = await Promise.all([
    cart?.eventId
      ? api('installments', { params: { eventId: cart.eventId }, query: { value: cart.totals.total } })
      : null,
    // The card form of the gateway that sells this event (several may be configured).
    api('checkoutGateway', { query: cart?.eventId ? { eventId: cart.eventId } : {} }),
  ]);
  return {
    ...base,
    auth: null,
    cart,
    error: answer.ok || !answer.error ? null : answer.message,
    installments: installments?.ok ? installments.body : [],
    gateway: gateway.ok ? gateway.body : null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.payment'), loaderData.brand) }];
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.auth) return <LazyAuth data={loaderData.auth} />;
  if (loaderData.unverified)
    return (
      <PageFrame title={t('page.payment')}>
        <p role="alert" className={styles.warning}>
          {t('account.confirmEmailWarning')}
        </p>
        <Link to="/minha-conta">{t('checkout.goToAccount')}</Link>
      </PageFrame>
    );
  const { cart, error, ongoing } = loaderData;
  if (ongoing) return <OngoingPurchase key={ongoing.orderId} ongoing={ongoing} />;
  if (loaderData.split)
    return (
      <PageFrame title={t('page.payment')}>
        <SplitRestore
          pending={loaderData.split}
          gateway={'gateway' in loaderData ? (loaderData.gateway ?? null) : null}
        />
      </PageFrame>
    );
  if (!cart || cart.items.length === 0)
    return (
      <PageFrame title={t('page.payment')}>
        <p role="alert">{error ?? t('checkout.emptyCart')}</p>
        <Link to="/meus-ingressos">{t('header.myTickets')}</Link>
      </PageFrame>
    );
  return <PaymentForm cart={cart} installments={loaderData.installments} gateway={loaderData.gateway} />;
}

function LazyAuth({ data }: { data: Parameters<typeof LazyAuthScreen>[0]['data'] }) {
  return <LazyAuthScreen data={data} redirectTo="/pagamento" />;
}
