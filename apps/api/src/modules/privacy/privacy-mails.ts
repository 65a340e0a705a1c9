import type { TLocale } from '@ingressos/domain';
import { render, type TMailText } from '../accounts/mail-templates.ts';

type TOptions = { to: string; name: string; brand: string; link: string; locale: TLocale };

/** To the NEW address: the single-use link that makes it the account's e-mail. */
export function emailChangeLinkMail(options: TOptions & { hours: number }) {
  const { to, name, brand, link, locale, hours } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Confirme seu novo e-mail no ${brand}`,
          greeting: `Olá, ${name}!`,
          lines: [
            `Recebemos um pedido para usar este endereço na sua conta do ${brand}.`,
            `Para confirmar, abra o link abaixo. Ele vale por ${hours} horas e pode ser usado uma vez.`,
          ],
          action: 'Confirmar novo e-mail',
          ignore: 'Se você não pediu, ignore esta mensagem: nada muda.',
        }
      : {
          subject: `Confirm your new e-mail at ${brand}`,
          greeting: `Hello, ${name}!`,
          lines: [
            `We received a request to use this address for your ${brand} account.`,
            `To confirm, open the link below. It is valid for ${hours} hours and works once.`,
          ],
          action: 'Confirm new e-mail',
          ignore: 'If you did not ask for this, ignore this message: nothing changes.',
        };
  return render(to, brand, link, text);
}

/** To the OLD address when a change is asked for: what happened and what to do if it was not them. */
export function emailChangeNoticeMail(options: TOptions & { newEmail: string }) {
  const { to, name, brand, link, locale, newEmail } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Pedido de alteração de e-mail no ${brand}`,
          greeting: `Olá, ${name}!`,
          lines: [
            `Pediram para trocar o e-mail da sua conta para ${newEmail}. A troca só acontece se alguém confirmar pelo link enviado a esse endereço.`,
            'Não foi você? Redefina sua senha agora pelo link abaixo ("Esqueceu a senha?"): a nova senha cancela o pedido e encerra as sessões abertas. Depois, fale com o nosso suporte.',
          ],
          action: 'Redefinir minha senha',
          ignore: 'Se foi você, não precisa fazer nada.',
        }
      : {
          subject: `E-mail change requested at ${brand}`,
          greeting: `Hello, ${name}!`,
          lines: [
            `Someone asked to change your account e-mail to ${newEmail}. It changes only if someone confirms through the link sent to that address.`,
            'Was it not you? Reset your password now through the link below ("Forgot your password?"): the new password cancels the request and ends open sessions. Then contact our support.',
          ],
          action: 'Reset my password',
          ignore: 'If it was you, there is nothing to do.',
        };
  return render(to, brand, link, text);
}

/** To the OLD address once the change is done. */
export function emailChangedMail(options: TOptions & { newEmail: string }) {
  const { to, name, brand, link, locale, newEmail } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Seu e-mail no ${brand} foi alterado`,
          greeting: `Olá, ${name}!`,
          lines: [
            `O e-mail da sua conta agora é ${newEmail}. Este endereço não receberá mais mensagens da conta.`,
            'Se não foi você, fale com o nosso suporte imediatamente.',
          ],
          action: 'Falar com o suporte',
          ignore: 'Se foi você, não precisa fazer nada.',
        }
      : {
          subject: `Your ${brand} e-mail was changed`,
          greeting: `Hello, ${name}!`,
          lines: [
            `Your account e-mail is now ${newEmail}. This address will no longer receive account messages.`,
            'If it was not you, contact our support at once.',
          ],
          action: 'Contact support',
          ignore: 'If it was you, there is nothing to do.',
        };
  return render(to, brand, link, text);
}

/** To the account's address after deletion. */
export function accountDeletedMail(options: TOptions) {
  const { to, name, brand, link, locale } = options;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Sua conta no ${brand} foi excluída`,
          greeting: `Olá, ${name}!`,
          lines: [
            'Conforme seu pedido, excluímos sua conta e anonimizamos seus dados pessoais.',
            'Guardamos apenas os registros de pedidos e pagamentos (valores e datas) pelo prazo que a lei exige, sem seu nome, e-mail, telefone ou CPF.',
          ],
          action: 'Seus direitos como titular',
          ignore: 'Se não foi você, fale com o nosso suporte.',
        }
      : {
          subject: `Your ${brand} account was deleted`,
          greeting: `Hello, ${name}!`,
          lines: [
            'As you asked, we deleted your account and anonymised your personal data.',
            'We keep only the records of orders and payments (amounts and dates) for as long as the law requires, without your name, e-mail, phone or document.',
          ],
          action: 'Your data-subject rights',
          ignore: 'If it was not you, contact our support.',
        };
  return render(to, brand, link, text);
}
