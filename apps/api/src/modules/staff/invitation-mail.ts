import type { TLocale } from '@ingressos/domain';
import type { TMail } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import { render, type TMailText } from '../accounts/mail-templates.ts';

/** How long an invitation link works, and where it leads (the console's own page). */
export const INVITATION_HOURS = 72;
export const invitationLink = (config: TConfig, token: string) =>
  `${config.publicUrl}/console/convite?token=${encodeURIComponent(token)}`;

const ROLE_NAMES: Record<TLocale, Record<string, string>> = {
  'pt-BR': {
    admin: 'administrador',
    support: 'atendimento',
    biometry_reviewer: 'revisão de biometria',
    producer: 'produtor',
    gate: 'portaria',
  },
  en: {
    admin: 'administrator',
    support: 'support',
    biometry_reviewer: 'biometry reviewer',
    producer: 'producer',
    gate: 'gate staff',
  },
};

/** The invitation e-mail (the accounts' mail shell, adapters/mail/layout.ts), in pt-BR by default. */
export function invitationMail(options: {
  config: TConfig;
  to: string;
  name: string;
  role: string;
  link: string;
  locale: TLocale;
}): TMail {
  const { config, locale, name, link } = options;
  const brand = config.BRAND_NAME;
  const role = ROLE_NAMES[locale][options.role] ?? options.role;
  const text: TMailText =
    locale === 'pt-BR'
      ? {
          subject: `Convite para o console do ${brand}`,
          greeting: `Olá, ${name}!`,
          lines: [
            `Você foi convidado(a) para a equipe do ${brand} com o perfil ${role}.`,
            `Escolha sua senha pelo link abaixo; ele vale por ${INVITATION_HOURS} horas e pode ser usado uma vez. No primeiro acesso você vai configurar um aplicativo autenticador (verificação em duas etapas).`,
          ],
          action: 'Aceitar o convite',
          ignore: 'Se você não esperava este convite, ignore esta mensagem.',
        }
      : {
          subject: `Invitation to the ${brand} console`,
          greeting: `Hello, ${name}!`,
          lines: [
            `You were invited to the ${brand} team as ${role}.`,
            `Choose your password through the link below; it works for ${INVITATION_HOURS} hours and only once. On your first login you will set up an authenticator app (two-step verification).`,
          ],
          action: 'Accept the invitation',
          ignore: 'If you did not expect this invitation, ignore this message.',
        };
  return render(options.to, brand, link, text);
}
