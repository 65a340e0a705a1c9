import type { TLocale } from '@ingressos/domain';
import { escapeHtml } from '@ingressos/domain/html';

const TEXT: Record<TLocale, { title: string; body: string }> = {
  'pt-BR': {
    title: 'Site em manutenção',
    body: 'Estamos em manutenção para melhorar sua experiência. Voltamos em instantes.',
  },
  en: {
    title: 'Site under maintenance',
    body: 'We are under maintenance to improve your experience. We will be back shortly.',
  },
};

/**
 * The page that replaces every route while MAINTENANCE=true. It is plain HTML with inline
 * styles and no script, so it needs neither the web build nor the database.
 */
export function maintenancePage(locale: TLocale, brand: string): string {
  const { title, body } = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(brand)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#1e1033;color:#fff;text-align:center;padding:1.5rem;box-sizing:border-box}
main{max-width:32rem}h1{font-size:2rem;margin:0 0 1rem}p{font-size:1.125rem;line-height:1.5;color:#e9e6f2}
strong{display:block;font-size:1.5rem;letter-spacing:.02em;margin-bottom:2rem}
</style>
</head>
<body><main><strong>${escapeHtml(brand.toLowerCase())}</strong><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body>
</html>`;
}
