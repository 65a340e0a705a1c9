import { Link } from 'react-router';
import { searchEvents } from '~/features/catalogue/api/catalogue.server.ts';
import { EventGrid, ListConversionNote } from '~/features/catalogue/event-card.tsx';
import { metaFromSeo } from '~/features/catalogue/seo-route.ts';
import { createTranslator } from '~/i18n/index.ts';
import { plural } from '~/i18n/plural.ts';
import { requestServices } from '~/server-context.ts';
import { sharedPageHeaders } from '~/shared/shared-page.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/search.ts';

/** /resultados?s=: accent- and case-insensitive search over name, city, venue and group. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale, site } = context.get(requestServices);
  const t = createTranslator(locale);
  const query = (new URL(request.url).searchParams.get('s') ?? '').trim().slice(0, 100);
  const events = query ? (await searchEvents(api, query)).events : [];
  return {
    query,
    events,
    seo: {
      title: pageTitle(query ? `${t('search.title')}: ${query}` : t('search.title'), site.brandName),
      description: t('home.description'),
      canonical: `${site.publicUrl}/resultados`,
      locale,
      siteName: site.brandName,
      // Result lists are for people; search engines index the events themselves.
      noindex: true,
    },
  };
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export const meta = metaFromSeo;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { query, events } = loaderData;
  return (
    <PageFrame title={t('search.title')}>
      {!query ? (
        <p>{t('search.prompt')}</p>
      ) : events.length === 0 ? (
        <div role="status">
          <p>
            <strong>{t('search.empty', { query })}</strong>
          </p>
          <p>{t('search.emptyHint')}</p>
          <Link to="/">{t('search.seeAll')}</Link>
        </div>
      ) : (
        <>
          <p role="status">{plural(t, locale, 'search.resultsFor', events.length, { query })}</p>
          <ListConversionNote events={events} />
          <EventGrid events={events} eagerFirst={2} />
        </>
      )}
    </PageFrame>
  );
}
