import type { TLocale } from '@ingressos/domain';
import { html } from 'hono/html';
import type { TSandboxPreference } from '../../adapters/payments/sandbox/hosted.ts';

const TEXT = {
  'pt-BR': {
    title: 'Página de pagamento (sandbox)',
    note: 'Ambiente de teste: nenhum valor é cobrado. Escolha o resultado do pagamento.',
    total: 'Total',
    approve: 'Pagar com cartão (aprovado)',
    decline: 'Pagar com cartão (recusado)',
    pix: 'Gerar Pix (fica pendente)',
    closed: 'Esta página de pagamento foi encerrada.',
    back: 'Voltar à loja',
  },
  en: {
    title: 'Payment page (sandbox)',
    note: 'Test environment: nothing is charged. Choose how the payment ends.',
    total: 'Total',
    approve: 'Pay by card (approved)',
    decline: 'Pay by card (declined)',
    pix: 'Create a Pix (stays pending)',
    closed: 'This payment page is closed.',
    back: 'Back to the store',
  },
} as const;

/**
 * The sandbox's hosted checkout page, as a gateway's own page looks: what is paid, and the buyer's
 * choice (approve, decline, a Pix left pending). A plain form: no script, the strict CSP holds.
 */
export function sandboxCheckoutPage(p: TSandboxPreference, locale: TLocale, nonce: string) {
  const t = TEXT[locale === 'en' ? 'en' : 'pt-BR'];
  const total = new Intl.NumberFormat(locale, { style: 'currency', currency: p.currency }).format(
    p.amountCents / 100,
  );
  const open = p.status === 'open' && p.expiresAt.getTime() > Date.now();
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
<style nonce="${nonce}">
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #eef1f5; color: #1d2330; }
  header { background: #ffe600; padding: 14px 20px; font-weight: 700; }
  main { max-width: 440px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 10px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .note { color: #5b6473; font-size: .9rem; margin: 0 0 20px; }
  .row { display: flex; justify-content: space-between; gap: 12px; border-top: 1px solid #e3e7ee; padding: 14px 0; }
  .amount { font-size: 1.5rem; font-weight: 700; }
  form { display: grid; gap: 10px; margin-top: 8px; }
  button { font: inherit; font-weight: 600; border: 0; border-radius: 8px; padding: 12px 16px; cursor: pointer; }
  .approve { background: #009ee3; color: #fff; }
  .decline { background: #fff; color: #b3261e; border: 1px solid #e3b5b2; }
  .pix { background: #fff; color: #1d2330; border: 1px solid #c6ccd6; }
  button:focus-visible { outline: 3px solid #1d2330; outline-offset: 2px; }
</style>
</head>
<body>
<header>Sandbox</header>
<main>
  <div class="card">
    <h1>${t.title}</h1>
    <p class="note">${t.note}</p>
    <div class="row"><span>${p.title}</span></div>
    <div class="row"><span>${t.total}</span><span class="amount" data-testid="hosted-total">${total}</span></div>
    ${
      open
        ? html`<form method="post">
      <button class="approve" name="outcome" value="approve">${t.approve}</button>
      <button class="pix" name="outcome" value="pix">${t.pix}</button>
      <button class="decline" name="outcome" value="decline">${t.decline}</button>
    </form>`
        : html`<p role="alert">${t.closed}</p><p><a href="${p.backUrls.failure}">${t.back}</a></p>`
    }
  </div>
</main>
</body>
</html>`;
}
