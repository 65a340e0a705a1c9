import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { TCatalogue } from '../../modules/catalogue/catalogue-read-model.ts';
import { sitemapXml } from '../../modules/catalogue/sitemap.ts';
import type { TAppEnv } from '../env.ts';

/** Used when there is no web build to read public/robots.txt from (API-only tests). */
const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /\n';

/**
 * /sitemap.xml (home, events, groups, static pages) and /robots.txt: the rules of
 * apps/web/public/robots.txt with the Sitemap line added, which must be an absolute URL.
 */
export function seoRoutes(options: {
  catalogue: TCatalogue;
  publicUrl: string;
  contentDir: string;
  clientDir?: string;
}) {
  const { catalogue, publicUrl, contentDir, clientDir } = options;
  let staticSlugs: Promise<string[]> | undefined;
  const listStaticPages = () => {
    staticSlugs ??= readdir(contentDir)
      .then((files) =>
        files.filter((f) => f.endsWith('.pt-BR.md')).map((f) => f.slice(0, -'.pt-BR.md'.length)),
      )
      .catch(() => []);
    return staticSlugs;
  };

  return new Hono<TAppEnv>()
    .get('/robots.txt', async (c) => {
      const rules = clientDir
        ? await readFile(path.join(clientDir, 'robots.txt'), 'utf8').catch(() => DEFAULT_ROBOTS)
        : DEFAULT_ROBOTS;
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(`${rules.trimEnd()}\n\nSitemap: ${publicUrl}/sitemap.xml\n`);
    })
    .get('/sitemap.xml', async (c) => {
      const { events, groups } = catalogue.sitemapEntries();
      const entries = [
        { path: '/' },
        ...events.map((e) => ({ path: `/events/${e.slug}`, updatedAt: e.updatedAt })),
        ...groups.map((g) => ({ path: `/eventgroup/${g.slug}`, updatedAt: g.updatedAt })),
        ...(await listStaticPages()).sort().map((slug) => ({ path: `/${slug}` })),
      ];
      c.header('Content-Type', 'application/xml; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(sitemapXml(publicUrl, entries));
    });
}
