import type { TLocale } from '@ingressos/domain';
import { escapeHtml } from '@ingressos/domain/html';
import type { TMail } from '../../adapters/mail/index.ts';
import { mailButton, mailLayout, mailParagraphs } from '../../adapters/mail/layout.ts';

function render(to: string, brand: string, subject: string, lines: string[], action: string, link: string) {
  const html = mailLayout(brand, `${mailParagraphs(lines)}\n<p>${mailButton(link, action)}</p>`);
  return { to, subject, html, text: [...lines, '', `${action}: ${link}`].join('\n') } satisfies TMail;
}

type TFacts = {
  to: string;
  name: string;
  brand: string;
  publicUrl: string;
  eventName: string;
  locale: TLocale;
};

/** To the destination: a ticket is waiting for them to accept or refuse. */
export function transferArrivedMail(f: TFacts & { from: string }): TMail {
  const link = `${f.publicUrl}/transferencias`;
  return f.locale === 'pt-BR'
    ? render(
        f.to,
        f.brand,
        `${f.from} transferiu um ingresso para você`,
        [
          `Olá, ${f.name}!`,
          `${f.from} transferiu para você um ingresso para ${f.eventName}. Aceite ou recuse a transferência em Transferências.`,
        ],
        'Ver transferências',
        link,
      )
    : render(
        f.to,
        f.brand,
        `${f.from} sent you a ticket`,
        [
          `Hello, ${f.name}!`,
          `${f.from} transferred a ticket for ${f.eventName} to you. Accept or refuse it in Transfers.`,
        ],
        'See transfers',
        link,
      );
}

/** To the sender: the destination accepted (the ticket is theirs) or refused (it is back). */
export function transferAnsweredMail(f: TFacts & { accepted: boolean }): TMail {
  const pt = f.locale === 'pt-BR';
  const link = `${f.publicUrl}/${f.accepted ? 'transferencias' : 'meus-ingressos'}`;
  const subject = pt
    ? f.accepted
      ? `Sua transferência para ${f.eventName} foi aceita`
      : `Sua transferência para ${f.eventName} foi recusada`
    : f.accepted
      ? `Your transfer for ${f.eventName} was accepted`
      : `Your transfer for ${f.eventName} was refused`;
  const line = pt
    ? f.accepted
      ? `O ingresso para ${f.eventName} que você transferiu foi aceito e agora pertence ao destinatário. O QR code antigo deixou de valer.`
      : `O ingresso para ${f.eventName} que você transferiu foi recusado e voltou para Meus ingressos.`
    : f.accepted
      ? `The ticket for ${f.eventName} you transferred was accepted and now belongs to its recipient. Its old QR code no longer works.`
      : `The ticket for ${f.eventName} you transferred was refused and is back in My tickets.`;
  return render(
    f.to,
    f.brand,
    subject,
    [pt ? `Olá, ${f.name}!` : `Hello, ${f.name}!`, line],
    pt
      ? f.accepted
        ? 'Ver transferências'
        : 'Ver meus ingressos'
      : f.accepted
        ? 'See transfers'
        : 'See my tickets',
    link,
  );
}

/** To the sender: the code that confirms they want to send tickets. */
export function transferCodeMail(f: {
  to: string;
  name: string;
  brand: string;
  code: string;
  minutes: number;
  locale: TLocale;
}): TMail {
  const pt = f.locale === 'pt-BR';
  const lines = pt
    ? [
        `Olá, ${f.name}!`,
        `Seu código para transferir ingressos é ${f.code}. Ele vale por ${f.minutes} minutos.`,
        'Se não foi você que pediu, não informe o código a ninguém e troque sua senha.',
      ]
    : [
        `Hello, ${f.name}!`,
        `Your code to transfer tickets is ${f.code}. It is valid for ${f.minutes} minutes.`,
        'If you did not ask for it, do not share the code with anyone and change your password.',
      ];
  const html = mailLayout(
    f.brand,
    `${mailParagraphs(lines)}\n<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(f.code)}</p>`,
  );
  return {
    to: f.to,
    subject: pt ? `Código para transferir ingressos: ${f.code}` : `Code to transfer tickets: ${f.code}`,
    html,
    text: lines.join('\n'),
  };
}
