import { escapeHtml } from '@ingressos/domain/html';
import { Hono } from 'hono';
import { listLocalPixelEvents } from '../../adapters/tracking/local.ts';
import type { TDb } from '../../db/client.ts';
import type { TAppEnv } from '../env.ts';

/** /_dev/pixel and /_dev/pixel.json: what the local tracking recorder holds (localhost only, like the outboxes). */
export function devTrackingRoutes(db: TDb) {
  const app = new Hono<TAppEnv>();
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  });
  app.get('/pixel.json', async (c) => c.json(await listLocalPixelEvents(db)));
  app.get('/pixel', async (c) => {
    const rows = await listLocalPixelEvents(db);
    const items = rows
      .map(
        (row) => `<article><h2>${escapeHtml(row.eventName)} · evento ${row.catalogueEventId}</h2>
<p>event_id ${escapeHtml(row.eventId)} · ${row.createdAt.toISOString()}</p><pre>${escapeHtml(JSON.stringify(row.body, null, 2))}</pre></article>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pixel local</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap;font-size:.85rem}</style>
</head><body><h1>Eventos de pixel registrados (${rows.length})</h1>
<p>TRACKING_PROVIDER=local: os eventos ficam aqui, com os dados do comprador já em SHA-256, em vez de irem à Conversions API.</p>${items || '<p>Nenhum.</p>'}</body></html>`);
  });
  return app;
}
