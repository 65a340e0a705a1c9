import type { TEventSummary } from '@ingressos/contracts';
import { lazy, Suspense, useState } from 'react';
import { data, Link } from 'react-router';
import { getNextEvents } from '~/features/catalogue/api/catalogue.server.ts';
import { EventGrid, ListConversionNote } from '~/features/catalogue/event-card.tsx';
import { type TFreshList, withStock } from '~/features/catalogue/fresh-events.ts';
import { metaFromSeo } from '~/features/catalogue/seo-route.ts';
import { commissionerEvents, commissionerMode } from '~/features/commissioner/commissioner.server.ts';
import { CommissionerLanding, CommissionerNotFound } from '~/features/commissioner/commissioner-pages.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { plural } from '~/i18n/plural.ts';
import { requestServices } from '~/server-context.ts';
import { sharedPageHeaders } from '~/shared/shared-page.ts';
import { useI18n } from '~/ui/i18n.tsx';
import type { Route } from './+types/home.ts';
import styles from './home.module.css';

// The list view's analytics and the cards' stock of now: fetched after the page, out of its first script (issue 18).
const HomeAfterLoad = lazy(() => import('~/features/catalogue/home-after-load.tsx'));

/** Cities with upcoming events, most events first. */
function byCity(events: TEventSummary[]) {
  const counts = new Map<string, { city: string; state: string; count: number }>();
  for (const event of events) {
    const key = `${event.city}/${event.state}`;
    const entry = counts.get(key) ?? { city: event.city, state: event.state, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city, 'pt-BR'));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(requestServices);
  const { api, locale, site } = services;
  const t = createTranslator(locale);
  // commerce §2, §6: `/?id=<commissioner>` (or the stored one) is the commissioner's landing page.
  const mode = await commissionerMode(api, request);
  if (mode.state !== 'off') {
    const title =
      mode.state === 'on'
        ? t('commissioner.landingTitle', { name: mode.commissioner.name })
        : t('commissioner.notFound');
    const seo = {
      title: `${title} | ${site.brandName}`,
      description: t('home.description'),
      canonical: `${site.publicUrl}/`,
      locale,
      siteName: site.brandName,
      noindex: true,
    };
    if (mode.state === 'notFound')
      return data({ commissioner: { state: 'notFound' as const }, seo }, { status: 404 });
    const events = await commissionerEvents(services, mode.commissioner.id);
    return { commissioner: { state: 'on' as const, name: mode.commissioner.name, events }, seo };
  }
  const result = await getNextEvents(api);
  const events = result.ok ? result.body.events : [];
  return {
    commissioner: null,
    featured: events.filter((e) => e.featured).slice(0, 3),
    upcoming: events,
    cities: byCity(events),
    seo: {
      title: `${site.brandName} | ${t('home.title')}`,
      description: t('home.description'),
      canonical: `${site.publicUrl}/`,
      locale,
      siteName: site.brandName,
    },
  };
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export const meta = metaFromSeo;

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.commissioner) return <CommissionerHome mode={loaderData.commissioner} />;
  const { featured, upcoming, cities } = loaderData;
  return <SiteHome featured={featured} upcoming={upcoming} cities={cities} />;
}

function SiteHome({
  featured,
  upcoming,
  cities,
}: {
  featured: TEventSummary[];
  upcoming: TEventSummary[];
  cities: ReturnType<typeof byCity>;
}) {
  const { t, locale } = useI18n();
  const [fresh, setFresh] = useState<TFreshList>();
  const now = (events: TEventSummary[]) => withStock(events, fresh, upcoming);
  return (
    <>
      <Suspense>
        <HomeAfterLoad upcoming={upcoming} onFresh={setFresh} />
      </Suspense>
      <section className={styles.hero}>
        <h1>{t('home.title')}</h1>
        <p>{t('home.description')}</p>
      </section>
      <ListConversionNote events={[...featured, ...upcoming]} />
      {featured.length > 0 && (
        <section className={styles.block} aria-labelledby="destaques">
          <h2 id="destaques">{t('home.featured')}</h2>
          <EventGrid events={now(featured)} eagerFirst={3} />
        </section>
      )}
      <section className={styles.block} aria-labelledby="proximos">
        <h2 id="proximos">{t('home.upcoming')}</h2>
        {upcoming.length > 0 ? <EventGrid events={now(upcoming)} /> : <p>{t('home.empty')}</p>}
      </section>
      {cities.length > 0 && (
        <section className={styles.block} aria-labelledby="cidades">
          <h2 id="cidades">{t('home.byCity')}</h2>
          <ul className={styles.cities}>
            {cities.map((c) => (
              <li key={`${c.city}/${c.state}`}>
                <Link to={`/resultados?s=${encodeURIComponent(c.city)}`}>
                  <strong>
                    {c.city} — {c.state}
                  </strong>
                  <span>{plural(t, locale, 'home.cityEvents', c.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Commissioner mode's home: its landing page with its events, or 'Comissário não encontrado'. */
function CommissionerHome({
  mode,
}: {
  mode: { state: 'notFound' } | { state: 'on'; name: string; events: TEventSummary[] };
}) {
  if (mode.state === 'notFound') return <CommissionerNotFound />;
  return (
    <CommissionerLanding name={mode.name} count={mode.events.length}>
      <ListConversionNote events={mode.events} />
      {mode.events.length > 0 && <EventGrid events={mode.events} eagerFirst={3} />}
    </CommissionerLanding>
  );
}
