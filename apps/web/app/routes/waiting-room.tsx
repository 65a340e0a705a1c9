import { data } from 'react-router';
import { queueStatus } from '~/features/queue/queue.server.ts';
import { QueuePage } from '~/features/queue/queue-page.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/waiting-room.ts';

/** /fila/:slug: an event's waiting room (issue 19, docs/waiting-room.md). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, locale, site } = context.get(requestServices);
  const status = await queueStatus(api, params.slug);
  if (!status) throw data(null, { status: 404 });
  const t = createTranslator(locale);
  return { status, title: pageTitle(t('queue.pageTitle', { name: status.name }), site.brandName) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function WaitingRoom({ loaderData }: Route.ComponentProps) {
  // Keyed by slug: another event's room starts from its own status.
  return <QueuePage key={loaderData.status.slug} initial={loaderData.status} />;
}
