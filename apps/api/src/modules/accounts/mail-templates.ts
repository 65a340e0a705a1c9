import type { TLocale } from '@ingressos/domain';
import { escapeHtml } from '@ingressos/domain/html';
import type { TMail } from '../../adapters/mail/index.ts';
import { mailButton, mailLayout, mailParagraphs } from '../../adapters/mail/layout.ts';

export type TMailText = {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  ignore: string;
};

export function render(to: string, brand: string, link: string, text: TMailText): TMail {
  const html = mailLayout(
    brand,
    `${mailParagraphs([text.greeting, ...text.lines])}
<p>${mailButton(link, text.action)}</p>
<p style="font-size:13px;color:#55556a">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#55556a">${escapeHtml(text.ignore)}</p>`,
  );
  const plain = [text.greeting, '', ...text.lines, '', `${text.action}: ${link}`, '', text.ignore].join('\n');
  return { to, subject: text.subject, html, text: plain };
}

/** A mail that sends its addressee to a link of the site. */
type TLinkMail = { to: string; name: string; brand: string; link: string; locale: TLocale };

export function verificationMail(options: TLinkMail) {
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

export function resetPasswordMail(options: TLinkMail) {
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
