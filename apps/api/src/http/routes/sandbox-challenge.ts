import { escapeHtml } from '@ingressos/domain/html';
import { safeRedirect } from '@ingressos/domain/safe-redirect';
import { Hono } from 'hono';
import { SANDBOX_CHALLENGE_PATH, type TSandboxGateway } from '../../adapters/payments/sandbox/adapter.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';

const REF = /^sbx[0-9a-f]{20}$/;

const TEXT = {
  'pt-BR': {
    title: 'Autenticação do cartão',
    bank: 'Banco de testes (sandbox)',
    lead: 'Seu banco pede que você confirme esta compra com cartão (3-D Secure).',
    note: 'Ambiente de testes: nenhum banco de verdade é consultado. Escolha o que o banco responderia.',
    approve: 'Aprovar',
    deny: 'Recusar',
  },
  en: {
    title: 'Card authentication',
    bank: 'Test bank (sandbox)',
    lead: 'Your bank asks you to confirm this card purchase (3-D Secure).',
    note: 'Test environment: no real bank is asked. Choose what the bank would answer.',
    approve: 'Approve',
    deny: 'Deny',
  },
} as const;

/**
 * Issue 15, 3DS: the sandbox issuer's challenge page (what an issuer's ACS shows), so a card
 * challenge works on one machine. GET shows 'Aprovar' / 'Recusar'; the POST records the answer on
 * the sandbox charge and sends the buyer back to our payment page with the authentication id
 * (`auth3dsId`), which the page posts to complete the charge. No script: a plain form, and the way
 * back is only ever a path of this site.
 */
export function sandboxChallengeRoutes(gateway: TSandboxGateway) {
  return new Hono<TAppEnv>()
    .get(`${SANDBOX_CHALLENGE_PATH}/:ref`, (c) => {
      const ref = c.req.param('ref');
      if (!REF.test(ref)) return c.json(errorBody('not_found', 'Not found'), 404);
      const back = safeRedirect(c.req.query('return'), '/pagamento');
      const t = TEXT[c.get('locale') === 'en' ? 'en' : 'pt-BR'];
      const action = (decision: string) =>
        escapeHtml(`${SANDBOX_CHALLENGE_PATH}/${ref}/${decision}?return=${encodeURIComponent(back)}`);
      c.header('Cache-Control', 'no-store');
      return c.html(`<!doctype html>
<html lang="${c.get('locale') === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1d2433;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 8px 30px #0002;padding:32px 28px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}
.bank{font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#5b6577;margin:0 0 8px}
h1{font-size:22px;margin:0 0 12px}
.note{font-size:14px;color:#5b6577;background:#fff7e0;border-radius:8px;padding:10px 12px}
.actions{display:flex;gap:12px;margin-top:20px}
form{flex:1}
button{width:100%;font:inherit;font-weight:600;padding:12px;border-radius:8px;cursor:pointer;border:1px solid #1d5bd8}
.approve{background:#1d5bd8;color:#fff}.deny{background:#fff;color:#1d5bd8}
</style></head><body><main>
<p class="bank">${t.bank}</p>
<h1>${t.title}</h1>
<p>${t.lead}</p>
<p class="note">${t.note}</p>
<div class="actions">
<form method="post" action="${action('approve')}"><button class="approve" type="submit">${t.approve}</button></form>
<form method="post" action="${action('deny')}"><button class="deny" type="submit">${t.deny}</button></form>
</div></main></body></html>`);
    })
    .post(`${SANDBOX_CHALLENGE_PATH}/:ref/:decision`, async (c) => {
      const ref = c.req.param('ref');
      const decision = c.req.param('decision');
      const known = REF.test(ref) && (decision === 'approve' || decision === 'deny');
      const authId = known ? await gateway.answerChallenge(ref, decision === 'approve') : null;
      if (!authId) return c.json(errorBody('not_found', 'No challenge awaits an answer here'), 404);
      const back = safeRedirect(c.req.query('return'), '/pagamento');
      const url = new URL(back, 'http://same.invalid');
      url.searchParams.set('auth3dsId', authId);
      return c.redirect(`${url.pathname}${url.search}`, 303);
    });
}
