import { useEffect } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import { loadUser } from '~/features/accounts/api.server.ts';
import { OrderReceipt } from '~/features/orders/order-receipt.tsx';
import { orderState, settling } from '~/features/orders/order-state.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pushAnalytics, sendPixel, type TAnalyticsItem, usePageTracking } from '~/shared/tracking.ts';
import { pageTranslator } from '~/ui/i18n.tsx';
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
      hourCycle: 'h23',
      timeZone: receipt.event.timeZone,
    }).format(new Date(receipt.event.startsAt)),
    placed: new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(receipt.createdAt)),
  };
  return { locale, brand: site.brandName, answer: answer.body, dates };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = pageTranslator(matches);
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
  usePageTracking(
    ({ analytics, marketing }) => trackPurchase(answer, { analytics, marketing }),
    `${answer.orderId}:${answer.orderStatus}`,
  );
  return <OrderReceipt answer={answer} dates={dates} />;
}

const PAID = 3;
const PURCHASES_KEY = 'bilheto.trackedPurchases';

/**
 * purchase (analytics, once per order in this browser) and Purchase (pixel: the server values it
 * from the order and counts its fixed event id once) when the order is paid.
 */
function trackPurchase(
  answer: Route.ComponentProps['loaderData']['answer'],
  gates: { analytics: boolean; marketing: boolean },
) {
  if (answer.orderStatus !== PAID) return;
  const { receipt } = answer;
  if (gates.marketing) sendPixel(receipt.event.id, 'Purchase', { orderId: answer.orderId });
  if (!gates.analytics) return;
  const seen: string[] = JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? '[]');
  if (seen.includes(answer.orderId)) return;
  localStorage.setItem(PURCHASES_KEY, JSON.stringify([...seen, answer.orderId].slice(-20)));
  const items = new Map<number, TAnalyticsItem>();
  for (const unit of receipt.items) {
    const item = items.get(unit.lotId);
    if (item) item.quantity += 1;
    else
      items.set(unit.lotId, {
        item_id: String(unit.lotId),
        item_name: `${unit.sectionName} — ${unit.ticketName}`,
        item_category: receipt.event.name,
        price: unit.unitPrice,
        quantity: 1,
      });
  }
  pushAnalytics('purchase', {
    transaction_id: answer.orderId,
    currency: receipt.currency,
    value: receipt.total,
    items: [...items.values()],
  });
}
