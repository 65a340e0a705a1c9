import { useEffect } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import { loadUser } from '~/features/accounts/api.server.ts';
import { OrderReceipt } from '~/features/orders/order-receipt.tsx';
import { orderState, settling } from '~/features/orders/order-state.ts';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/order.ts';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  // Logged out: the login page, rendered on the server, brings the buyer back here.
  if (!(await loadUser(context))) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname)}`);
  }
  const answer = await serverApi(context)('order', { params: { id: params.orderId } });
  // Someone else's order, or none: 404, never 403 (no probing for order ids).
  if (!answer.ok) throw data(null, { status: answer.status === 404 ? 404 : 502 });
  const { receipt } = answer.body;
  // Written here, once: the event's date in its own zone, the order's in Brasília time.
  const dates = {
    event: new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: receipt.event.timeZone,
    }).format(new Date(receipt.event.startsAt)),
    placed: new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(receipt.createdAt)),
  };
  return { locale, brand: site.brandName, answer: answer.body, dates };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = createTranslator(loaderData.locale);
  return [
    { title: pageTitle(t('order.title', { number: loaderData.answer.receipt.number }), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** /pedido/:orderId: where the buyer lands after paying. A payment still settling is asked again. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const { answer, dates } = loaderData;
  const revalidator = useRevalidator();
  const waiting = settling(orderState(answer));
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 4_000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  return <OrderReceipt answer={answer} dates={dates} />;
}
