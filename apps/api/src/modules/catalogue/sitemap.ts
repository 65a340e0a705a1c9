const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

export type TSitemapEntry = { path: string; updatedAt?: Date };

/** sitemaps.org XML for the given paths under `baseUrl`. */
export function sitemapXml(baseUrl: string, entries: readonly TSitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(baseUrl + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
