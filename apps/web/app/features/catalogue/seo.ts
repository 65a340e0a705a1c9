/** Page metadata computed by a loader, turned into React Router meta descriptors by `seoMeta`. */
export type TSeo = {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  locale: string;
  siteName: string;
  noindex?: boolean;
  jsonLd?: object;
};

export function seoMeta(seo: TSeo) {
  const tags: Record<string, unknown>[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:locale', content: seo.locale === 'en' ? 'en_US' : 'pt_BR' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.image) {
    tags.push({ property: 'og:image', content: seo.image }, { name: 'twitter:image', content: seo.image });
  }
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  if (seo.jsonLd) tags.push({ 'script:ld+json': seo.jsonLd });
  return tags;
}

/** Cuts a description to what search engines show, on a word boundary. */
export function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
