import type { TLocale } from '@ingressos/domain';
import type { TReviewDecision } from '@ingressos/domain/biometry-lifecycle';
import type { TMail } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import { render, type TMailText } from '../accounts/mail-templates.ts';

type TTexts = { subject: string; lines: string[]; action: string };

/** The card's words (accounts §4) with what to do next, per decision, in the buyer's language. */
const TEXTS: Record<TLocale, Record<TReviewDecision, TTexts>> = {
  'pt-BR': {
    approve: {
      subject: 'Sua biometria facial foi aprovada',
      lines: [
        'Analisamos o seu cadastro de biometria facial: Biometria cadastrada com sucesso!',
        'Você já pode comprar ingressos de eventos que exigem biometria facial.',
      ],
      action: 'Ver minha conta',
    },
    reject: {
      subject: 'Não conseguimos aprovar sua biometria facial',
      lines: [
        'Analisamos o seu cadastro de biometria facial e não pudemos aprová-lo.',
        'Entre em contato com o suporte e informe o código LR0001.',
      ],
      action: 'Falar com o suporte',
    },
    duplicate: {
      subject: 'Não conseguimos aprovar sua biometria facial',
      lines: [
        'Analisamos o seu cadastro de biometria facial. Ops! Já vimos esse rosto por aqui: ele já está cadastrado em outra conta.',
        'Fale com um atendente para resolver.',
      ],
      action: 'Falar com um atendente',
    },
    document_mismatch: {
      subject: 'Não conseguimos validar seu documento',
      lines: [
        'Analisamos o seu cadastro de biometria facial: o rosto não confere com o documento da conta.',
        'Fale com um atendente para resolver.',
      ],
      action: 'Falar com um atendente',
    },
  },
  en: {
    approve: {
      subject: 'Your facial biometry was approved',
      lines: [
        'We reviewed your facial biometry: Biometry enrolled successfully!',
        'You can now buy tickets for events that require facial biometry.',
      ],
      action: 'See my account',
    },
    reject: {
      subject: 'We could not approve your facial biometry',
      lines: [
        'We reviewed your facial biometry and could not approve it.',
        'Please contact support and quote code LR0001.',
      ],
      action: 'Contact support',
    },
    duplicate: {
      subject: 'We could not approve your facial biometry',
      lines: [
        'We reviewed your facial biometry. Oops! We have seen this face before: it is already registered to another account.',
        'Please talk to an attendant to sort it out.',
      ],
      action: 'Talk to an attendant',
    },
    document_mismatch: {
      subject: 'We could not validate your document',
      lines: [
        'We reviewed your facial biometry: the face does not match the account document.',
        'Please talk to an attendant to sort it out.',
      ],
      action: 'Talk to an attendant',
    },
  },
};

/** The e-mail that tells the buyer what the review decided (issue 31 item 16). */
export function biometryReviewMail(options: {
  config: TConfig;
  to: string;
  name: string;
  decision: TReviewDecision;
  locale: TLocale;
}): TMail {
  const { config, decision, locale } = options;
  const texts = TEXTS[locale][decision];
  const link =
    decision === 'approve'
      ? `${config.publicUrl.replace(/\/$/, '')}/minha-conta`
      : decision === 'reject'
        ? config.HELP_CENTER_URL
        : config.WHATSAPP_URL || config.HELP_CENTER_URL;
  const text: TMailText = {
    subject: texts.subject,
    greeting: locale === 'pt-BR' ? `Olá, ${options.name}!` : `Hello, ${options.name}!`,
    lines: texts.lines,
    action: texts.action,
    ignore:
      locale === 'pt-BR'
        ? 'Se você não fez este cadastro, fale com o nosso atendimento.'
        : 'If you did not enrol, please contact us.',
  };
  return render(options.to, config.BRAND_NAME, link, text);
}
