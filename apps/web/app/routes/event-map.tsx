import { currencyCode, isEventPast } from '@ingressos/domain';
import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import { CartTablesNote } from '~/features/cart/cart-tables-note.tsx';
import { getEventTickets } from '~/features/catalogue/api/catalogue.server.ts';
import { metaFromSeo } from '~/features/catalogue/seo-route.ts';
import { toMapSections } from '~/features/seat-map/map-sections.ts';
import { SeatMap, type TMapPlace, type TMapSection } from '~/features/seat-map/seat-map.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { sharedPageHeaders } from '~/shared/shared-page.ts';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/event-map.ts';

/** /eventmap/:slug: the seat and table map of an event, in its own route so the event page stays light. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, locale, site } = context.get(requestServices);
  const result = await getEventTickets(api, params.slug);
  if (!result.ok) throw data(null, { status: result.status === 404 ? 404 : 502 });
  const event = result.body;
  const t = createTranslator(locale);
  const sections = toMapSections(event);
  return {
    event: {
      slug: event.slug,
      name: event.name,
      past: isEventPast(event.date, new Date()),
      currency: currencyCode(event.currency),
    },
    sections,
    seo: {
      title: pageTitle(t('map.title', { name: event.name }), site.brandName),
      description: t('map.instructions'),
      canonical: `${site.publicUrl}/eventmap/${event.slug}`,
      locale,
      siteName: site.brandName,
      noindex: true,
    },
  };
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export const meta = metaFromSeo;

export default function EventMap({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event } = loaderData;
  // Issue 18: the page may have been kept by a cache since places were sold; after load the map
  // takes their status from the snapshot file (its code loads then, out of the first script).
  const [fresh, setFresh] = useState<{ of: typeof loaderData; sections: TMapSection[] }>();
  useEffect(() => {
    if (loaderData.event.past) return;
    let live = true;
    void import('~/features/seat-map/fresh-places.ts')
      .then(({ freshMapSections }) => freshMapSections(loaderData.event.slug, loaderData.sections))
      .then((sections) => {
        if (live && sections) setFresh({ of: loaderData, sections });
      });
    return () => {
      live = false;
    };
  }, [loaderData]);
  const sections = fresh?.of === loaderData ? fresh.sections : loaderData.sections;
  const addToCart = async (places: TMapPlace[]) => {
    const { addLines } = await import('~/features/cart/cart-actions.ts');
    // A whole table is one line of quantity 1: the server holds all its seats.
    const held = places.filter((place) => place.lotId !== null);
    const added = await addLines(
      held.map((place) => ({ lotId: place.lotId!, quantity: 1, controlledPlaceId: place.id })),
      t,
    );
    return held.filter((_, i) => added[i]).map((place) => place.id);
  };
  return (
    <PageFrame title={t('map.title', { name: event.name })}>
      <p>
        <Link to={`/events/${event.slug}`}>{t('map.back')}</Link>
      </p>
      {event.past && (
        <p role="status">
          <strong>{t('event.past')}</strong> {t('event.pastText')}
        </p>
      )}
      {sections.length === 0 ? (
        <p>{t('map.noMap')}</p>
      ) : (
        <>
          <ConversionNote charged={event.currency} />
          <SeatMap sections={sections} currency={event.currency} readOnly={event.past} onAdd={addToCart} />
        </>
      )}
      <CartTablesNote slug={event.slug} />
    </PageFrame>
  );
}
