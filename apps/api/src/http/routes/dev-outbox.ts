import { escapeHtml } from '@ingressos/domain/html';
import { Hono } from 'hono';
import { listLocalMail, localMail } from '../../adapters/mail/local-outbox.ts';
import { listLocalSms } from '../../adapters/sms/local-outbox.ts';
import type { TAccountServices } from '../../modules/accounts/services.ts';
import type { TAppEnv } from '../env.ts';

/**
 * /_dev/mailbox, /_dev/mailbox.json and /_dev/sms.json: what the local outboxes hold. Mounted
 * only while the local outbox is the mailer (or SMS sender), so a deployment with SMTP_URL and
 * an SMS provider has none of these paths.
 */
export function devOutboxRoutes(s: TAccountServices) {
  const app = new Hono<TAppEnv>();
  app.use(async (c, next) => {
    // Delivery is asynchronous (the outbox worker): what is due is delivered before it is shown,
    // so a developer, or a journey, never reads the mailbox a moment too early.
    await s.outbox.drain();
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  });
  if (s.outbox.mailer.kind === 'local-outbox') {
    app.get('/mailbox.json', async (c) => c.json(await listLocalMail(s.db)));
    app.get('/mailbox/:id{[0-9a-f-]{36}}', async (c) => {
      const mail = await localMail(s.db, c.req.param('id'));
      return mail ? c.html(mail.html) : c.notFound();
    });
    app.get('/mailbox', async (c) => {
      const mails = await listLocalMail(s.db);
      const items = mails
        .map((mail) => {
          const text = escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
          return `<article><h2><a href="/_dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a></h2>
<p>Para: ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p><pre>${text}</pre></article>`;
        })
        .join('\n');
      return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de saída local</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Caixa de saída local (${mails.length})</h1>
<p>Nenhum SMTP_URL configurado: os e-mails ficam aqui em vez de serem enviados.</p>${items || '<p>Vazia.</p>'}</body></html>`);
    });
  }
  if (s.outbox.sms.kind === 'local-outbox') {
    app.get('/sms.json', async (c) => c.json(await listLocalSms(s.db)));
  }
  return app;
}
