import type { TEventSummary, TEventTicketsResponse } from '@ingressos/contracts';
import { data } from 'react-router';
import { EventGrid } from '~/features/catalogue/event-card.tsx';
import {
  commissionerEvents,
  commissionerEventTickets,
  commissionerMode,
} from '~/features/commissioner/commissioner.server.ts';
import {
  CommissionerEventTickets,
  CommissionerLanding,
  CommissionerNotFound,
} from '~/features/commissioner/commissioner-pages.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/commissioner-tickets.ts';

type TView =
  | { state: 'notFound' }
  | { state: 'list'; name: string; events: TEventSummary[] }
  | { state: 'event'; event: TEventTicketsResponse }
  | { state: 'eventNotSold' };

/**
 * The commissioner-site ticket pages (accounts §2): /Home/WebsiteTickets lists the commissioner's
 * events, /Home/Website/:Id one event's tickets (by event id). Outside commissioner mode, or for an
 * event the commissioner does not sell, they say so with a 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(requestServices);
  const t = createTranslator(services.locale);
  const title = pageTitle(t('page.commissionerTickets'), services.site.brandName);
  const mode = await commissionerMode(services.api, request);
  if (mode.state !== 'on') return data({ title, view: { state: 'notFound' } as TView }, { status: 404 });
  const events = await commissionerEvents(services, mode.commissioner.id);
  if (!params.Id) return { title, view: { state: 'list', name: mode.commissioner.name, events } as TView };
  const summary = events.find((e) => String(e.id) === params.Id);
  const answer = summary
    ? await commissionerEventTickets(services, mode.commissioner.id, summary.slug)
    : null;
  if (!answer?.ok) return data({ title, view: { state: 'eventNotSold' } as TView }, { status: 404 });
  return { title, view: { state: 'event', event: answer.body } as TView };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];
}

export default function CommissionerTickets({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { view } = loaderData;
  if (view.state === 'notFound') return <CommissionerNotFound />;
  if (view.state === 'eventNotSold') return <p role="alert">{t('commissioner.eventNotSold')}</p>;
  if (view.state === 'event') return <CommissionerEventTickets event={view.event} />;
  return (
    <CommissionerLanding name={view.name} count={view.events.length}>
      <EventGrid events={view.events} />
    </CommissionerLanding>
  );
}
