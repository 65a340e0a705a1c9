import type { TStaticPageResponse } from '@ingressos/contracts';
import { apiPath } from '@ingressos/contracts/endpoints';
import { data } from 'react-router';
import { canonicalPath, STATIC_PAGES, type TStaticPath } from '~/features/static-pages/pages.ts';
import { requestServices } from '~/server-context.ts';
import { sharedPageHeaders } from '~/shared/shared-page.ts';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/static-page.ts';
import styles from './static-page.module.css';

/**
 * Paths match case-insensitively (/home/privacy is /Home/Privacy), as the route table does.
 * Client navigations fetch `{path}.data`, and the loader sees that suffix.
 */
function slugFor(pathname: string) {
  const wanted = pathname
    .replace(/\.data$/, '')
    .replace(/\/$/, '')
    .toLowerCase();
  const path = Object.keys(STATIC_PAGES).find((p) => p.toLowerCase() === wanted);
  return path ? STATIC_PAGES[path as TStaticPath] : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale, site } = context.get(requestServices);
  const slug = slugFor(new URL(request.url).pathname);
  if (!slug) throw data(null, { status: 404 });
  const response = await api(apiPath('staticPage', { slug }, { lang: locale }));
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  const page = (await response.json()) as TStaticPageResponse;
  return { page, brand: site.brandName, canonical: `${site.publicUrl}${canonicalPath(slug)}` };
}

/** Issue 18: the same HTML for every visitor who is not logged in (shared-page.ts). */
export const headers = sharedPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, brand, canonical } = loaderData;
  return [
    { title: pageTitle(page.title, brand) },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
  ];
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <PageFrame title={page.title}>
      {/* Our own markdown, rendered on the server from content/pages. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, repository-owned content */}
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: page.html }} />
    </PageFrame>
  );
}
