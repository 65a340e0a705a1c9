import { isLocale } from '@ingressos/domain';
import { Hono } from 'hono';
import type { TStaticPages } from '../../modules/pages/get-static-page.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';

/** GET /api/pages/{slug}?lang=: the static and legal pages. */
export function pagesRoutes(pages: TStaticPages) {
  return new Hono<TAppEnv>().on(...endpoint('staticPage', '/api/pages'), async (c) => {
    const lang = c.req.query('lang');
    const page = await pages.get(c.req.param('slug'), isLocale(lang) ? lang : c.get('locale'));
    if (!page) return notFoundJson(c);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(page);
  });
}
