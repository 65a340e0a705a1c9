import type { TLocale } from '@ingressos/domain';
import type { TMail } from '../../adapters/mail/index.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type TMailText = {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  ignore: string;
};

export function render(to: string, brand: string, link: string, text: TMailText): TMail {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">${escapeHtml(brand)}</h1>
<p>${escapeHtml(text.greeting)}</p>
${text.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b21b6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(text.action)}</a></p>
<p style="font-size:13px;color:#55556a">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#55556a">${escapeHtml(text.ignore)}</p>
</body></html>`;
  const plain = [text.greeting, '', ...text.lines, '', `${text.action}: ${link}`, '', text.ignore].join('\n');
  return { to, subject: text.subject, html, text: plain };
}

export function verificationMail(options: {
  to: string;
  name: string;
  brand: string;
  link: string;
  locale: TLocale;
}) {
  const { to, name, brand, link, locale } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Confirme seu e-mail no ${brand}`,
          greeting: `Olá, ${name}!`,
          lines: ['Para concluir seu cadastro, confirme seu e-mail. O link vale por 48 horas.'],
          action: 'Confirmar e-mail',
          ignore: 'Se você não criou esta conta, ignore esta mensagem.',
        }
      : {
          subject: `Confirm your e-mail at ${brand}`,
          greeting: `Hello, ${name}!`,
          lines: ['To finish signing up, please confirm your e-mail. The link is valid for 48 hours.'],
          action: 'Confirm e-mail',
          ignore: 'If you did not create this account, ignore this message.',
        };
  return render(to, brand, link, text);
}

export function resetPasswordMail(options: {
  to: string;
  name: string;
  brand: string;
  link: string;
  locale: TLocale;
}) {
  const { to, name, brand, link, locale } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Redefinição de senha no ${brand}`,
          greeting: `Olá, ${name}!`,
          lines: [
            'Recebemos um pedido para redefinir sua senha. O link vale por 1 hora e pode ser usado uma vez.',
          ],
          action: 'Redefinir senha',
          ignore: 'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
        }
      : {
          subject: `Reset your ${brand} password`,
          greeting: `Hello, ${name}!`,
          lines: [
            'We received a request to reset your password. The link is valid for 1 hour and works once.',
          ],
          action: 'Reset password',
          ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
        };
  return render(to, brand, link, text);
}
