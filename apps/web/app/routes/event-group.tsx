import { isEventPast } from '@ingressos/domain';
import { lazy, Suspense, useState } from 'react';
import { data } from 'react-router';
import { getEventGroup } from '~/features/catalogue/api/catalogue.server.ts';
import { EventGrid, ListConversionNote } from '~/features/catalogue/event-card.tsx';
import { type TFreshList, withStock } from '~/features/catalogue/fresh-events.ts';
import { clip } from '~/features/catalogue/seo.ts';
import { metaFromSeo } from '~/features/catalogue/seo-route.ts';
import { commissionerEventGroup, commissionerMode } from '~/features/commissioner/commissioner.server.ts';
import { createTranslator } from '~/i18n/index.ts';
import { plural } from '~/i18n/plural.ts';
import { requestServices } from '~/server-context.ts';
import { sharedPageHeaders } from '~/shared/shared-page.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/event-group.ts';

// The cards' stock of now, read from the group's snapshot file after load (issue 18).
const FreshList = lazy(() => import('~/features/catalogue/fresh-list.tsx'));

/** /eventgroup/:slug: a tour or season, with its dates still ahead. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { api, locale, site } = context.get(requestServices);
  // commerce §7: in commissioner mode, the group through GET /api/eventgroup/{commissionerId}/{group}.
  const mode = await commissionerMode(api, request);
  const result =
    mode.state === 'on'
      ? await commissionerEventGroup(api, mode.commissioner.id, params.slug)
      : await getEventGroup(api, params.slug);
  if (!result.ok) throw data(null, { status: result.status === 404 ? 404 : 502 });
  const group = result.body;
  const t = createTranslator(locale);
  const now = new Date();
  const events = group.events.filter((e) => !isEventPast(e.date, now));
  return {
    group: { name: group.name, description: group.description },
    // Commissioner mode's group is its own call: no snapshot file to read again.
    snapshot: mode.state === 'on' ? null : `eventgroup/${group.slug}.json`,
    events,
    seo: {
      title: pageTitle(group.name, site.brandName),
      description: clip(
        group.description ||
          plural(t, locale, 'group.metaDescription', events.length, {
            name: group.name,
            brand: site.brandName,
          }),
      ),
      canonical: `${site.publicUrl}/eventgroup/${group.slug}`,
      image: `${site.publicUrl}${group.images.poster}`,
      locale,
      siteName: site.brandName,
    },
  };
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export const meta = metaFromSeo;

export default function EventGroup({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { group, events, snapshot } = loaderData;
  const [fresh, setFresh] = useState<TFreshList>();
  return (
    <PageFrame title={group.name}>
      {snapshot && (
        <Suspense>
          <FreshList file={snapshot} events={events} onFresh={setFresh} />
        </Suspense>
      )}
      {group.description && <p>{group.description}</p>}
      <h2>{t('group.events')}</h2>
      {events.length > 0 ? (
        <>
          <ListConversionNote events={events} />
          <EventGrid events={withStock(events, fresh, events)} eagerFirst={2} />
        </>
      ) : (
        <p>{t('home.empty')}</p>
      )}
    </PageFrame>
  );
}
