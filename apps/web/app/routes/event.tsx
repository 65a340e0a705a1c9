import { SLUG_PATTERN } from '@ingressos/contracts';
import { wantsConversion } from '@ingressos/domain/currency';
import { lazy, memo, Suspense, useState } from 'react';
import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router';
import {
  getEventTickets,
  getSellingPoints,
  needsExclusiveAccess,
  posterImage,
} from '~/features/catalogue/api/catalogue.server.ts';
import { longDate } from '~/features/catalogue/dates.ts';
import styles from '~/features/catalogue/event.module.css';
import type { TFreshStock } from '~/features/catalogue/event-after-load.tsx';
import { EventHero, whenId } from '~/features/catalogue/event-hero.tsx';
import { EventNotFound } from '~/features/catalogue/event-not-found.tsx';
import { eventJsonLd, toEventView } from '~/features/catalogue/event-view.server.ts';
import { clip, seoMeta, type TSeo } from '~/features/catalogue/seo.ts';
import { TicketSelector } from '~/features/catalogue/ticket-selector.tsx';
import { commissionerEventTickets, commissionerMode } from '~/features/commissioner/commissioner.server.ts';
import { mustWait, queueStatus } from '~/features/queue/queue.server.ts';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { notShared, sharedPageHeaders } from '~/shared/shared-page.ts';
import { ErrorPage } from '~/ui/error-page.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { codeOf, loadedNote, useMoney } from '~/ui/money.tsx';
import { keepServerMarkup } from '~/ui/server-markup.tsx';
import type { Route } from './+types/event.ts';

/** /events/:slug and the catch-all /:slug (whose canonical URL is the first). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(requestServices);
  const { api, locale, site } = services;
  // commerce §7: in commissioner mode the event comes through getCommissionerEventTicketsBySlug
  // (a 404 when the commissioner does not sell it); otherwise the snapshot file first.
  const mode = await commissionerMode(api, request);
  const result =
    mode.state === 'on' && SLUG_PATTERN.test(params.slug)
      ? await commissionerEventTickets(services, mode.commissioner.id, params.slug)
      : await getEventTickets(api, params.slug);
  const t = createTranslator(locale);
  if (!result.ok) {
    // The title travels with the error: the browser has no catalogue in the page's data (issue 18).
    const title = pageTitle(t('event.notFound'), site.brandName);
    throw data({ notFound: 'event', title }, { status: result.status === 404 ? 404 : 502 });
  }
  const event = result.body;
  const canonical = `${site.publicUrl}/events/${event.slug}`;
  const image = `${site.publicUrl}${event.images.poster}`;
  const day = longDate(event, t, locale);
  const seo: TSeo = {
    title: pageTitle(t('event.titleIn', { name: event.name, city: event.city }), site.brandName),
    description: clip(
      t('event.metaDescription', {
        date: day,
        hour: event.hour,
        place: event.place,
        city: event.city,
        state: event.state,
        brand: site.brandName,
      }),
    ),
    canonical,
    image,
    locale,
    siteName: site.brandName,
    jsonLd: eventJsonLd(event, canonical, image),
  };
  const view = toEventView(event, new Date());
  // Issue 19: while the event's queue is on, a visitor it has not admitted waits in it first.
  const [sellingPoints, poster, locked, queue] = await Promise.all([
    getSellingPoints(api, event.id),
    posterImage(api, event.images.poster),
    // A restricted event asks for an access code unless this visitor's cart session has one.
    view.exclusiveAccess.length > 0 && !view.past ? needsExclusiveAccess(api, event.id) : false,
    view.past ? null : queueStatus(api, event.slug),
  ]);
  if (mustWait(queue)) throw redirect(`/fila/${event.slug}`);
  // Whether this visitor's cart session holds the access code, or the queue admitted it, is theirs
  // alone: not shared then.
  const restricted =
    (view.exclusiveAccess.length > 0 && !view.past) || (queue !== null && queue.state !== 'closed');
  if (poster) keepServerMarkup(context, `poster-${event.slug}`, poster);
  keepServerMarkup(context, whenId(event.slug), t('event.at', { date: day, hour: event.hour }));
  return data({ event: view, sellingPoints, seo, locked }, restricted ? { headers: notShared } : undefined);
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (loaderData) return seoMeta(loaderData.seo);
  // The loader's 404 and 502 carry the page's title (a thrown exception carries none).
  const title = (error as { data?: { title?: string } } | undefined)?.data?.title;
  return title ? [{ title }] : [];
}

// The exclusive pre-sale pop-up's code loads only for a visitor who must see it.
const ExclusiveAccess = lazy(() => import('~/features/catalogue/exclusive-access.tsx'));
// The page view's analytics and pixel, and the stock read again from the snapshot file (issue 18):
// fetched after the page, out of its first script.
const EventAfterLoad = lazy(() => import('~/features/catalogue/event-after-load.tsx'));
// commerce §1: the note near converted prices, only for a visitor who chose U$ on an event in reais.
// The server draws it; in the browser its boundary keeps the server's markup until the chunk
// arrives and then hydrates (as the cookie banner does), so it is not in the page's first script.
// On a navigation from a page that drew a note, its module is there: drawn at once.
const LazyConversionNote = lazy(() => import('~/ui/conversion-note.tsx'));

// memo: the page's renders (the stock read again after load) must not reach the boundary while it
// waits for its chunk, or it would drop the server's markup for its fallback.
const ConversionNoteBoundary = memo(function ConversionNoteBoundary({ charged }: { charged: string }) {
  const [Note] = useState(() => loadedNote.current ?? LazyConversionNote);
  return (
    <Suspense fallback={null}>
      <Note charged={charged} />
    </Suspense>
  );
});

function EventConversionNote({ charged }: { charged: string }) {
  const { currency } = useMoney();
  return wantsConversion(codeOf(charged), currency) ? <ConversionNoteBoundary charged={charged} /> : null;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { sellingPoints, locked } = loaderData;
  const [fresh, setFresh] = useState<TFreshStock>();
  // freshStock keeps every field but the stock's (the poster included).
  const event = fresh?.of === loaderData.event ? (fresh.event as typeof loaderData.event) : loaderData.event;
  // The cart's code loads on the first click, keeping it out of the page's initial JavaScript.
  const addToCart = async (lines: { lotId: number; quantity: number }[]) => {
    const { addLines } = await import('~/features/cart/cart-actions.ts');
    return (await addLines(lines, t)).some(Boolean);
  };
  return (
    <article>
      <Suspense>
        <EventAfterLoad event={loaderData.event} onFresh={setFresh} />
      </Suspense>
      {/* One per event: a navigation to another event must not keep this one's poster. */}
      <EventHero key={event.slug} event={event} />
      {!event.past && (
        <section className={styles.block} aria-labelledby="ingressos">
          <h2 id="ingressos">{t('event.tickets')}</h2>
          <EventConversionNote charged={event.currency} />
          {locked && (
            <Suspense>
              <ExclusiveAccess eventId={event.id} issuers={event.exclusiveAccess} />
            </Suspense>
          )}
          <TicketSelector event={event} onAdd={addToCart} />
        </section>
      )}
      {event.description && (
        <section className={styles.block} aria-labelledby="sobre">
          <h2 id="sobre">{t('event.about')}</h2>
          <p className={styles.description}>{event.description}</p>
        </section>
      )}
      {sellingPoints.length > 0 && (
        <section className={styles.block} aria-labelledby="pontos">
          <h2 id="pontos">{t('event.sellingPoints')}</h2>
          <ul className={styles.points}>
            {sellingPoints.map((point) => (
              <li key={point.id}>
                <strong>{point.name}</strong>
                <br />
                {point.address}, {point.city} — {point.state}
                {point.openingHours && (
                  <>
                    <br />
                    {point.openingHours}
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <EventNotFound /> : <ErrorPage />;
}
