import { seoMeta, type TSeo } from './seo.ts';

/**
 * A route's `meta` from the `seo` its loader computed; none when the loader failed (the error
 * page has its own title). Apart from seo.ts so that the event page, which loads seo.ts, does not
 * carry it.
 */
export function metaFromSeo({ loaderData }: { loaderData?: { seo: TSeo } | undefined }) {
  return loaderData ? seoMeta(loaderData.seo) : [];
}
