import {
  holdersOfCpfs,
  type TBiometryHolderState,
  type TBiometryHoldersRequest,
  type TBiometryLinkRequest,
} from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { biometryRequired } from '@ingressos/domain/biometry-requirement';
import { cpfDigits } from '@ingressos/domain/cpf';
import { escapeHtml } from '@ingressos/domain/html';
import { mailLayout } from '../../../adapters/mail/layout.ts';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { siteConfig } from '../../../web/site-config.ts';
import { biometryStatusOfUsers } from '../../biometry/biometry-status-of-users.ts';
import { enqueueMessage } from '../../outbox/enqueue-message.ts';
import { paymentError, paymentMessage } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';

type TRow = {
  id: string;
  name: string;
  email: string;
  nationality: number;
  birth_date: string;
};

async function holderRow(db: TDb, cpf: string): Promise<TRow | undefined> {
  const found = await rows<TRow>(
    db,
    sql`select u.id, u.name, u.email, u.nationality, u.birth_date::text as birth_date
        from users u where u.document = ${cpf} limit 1`,
  );
  return found[0];
}

async function eventIsFacial(db: TDb, eventId: number): Promise<boolean> {
  const found = await rows<unknown>(
    db,
    sql`select 1 from events e join event_sections s on s.event_id = e.id join event_tickets t on t.section_id = s.id
        where e.id = ${eventId} and e.facial_is_active and t.facial_at_moment_of_purchase limit 1`,
  );
  return found.length > 0;
}

/** Per CPF: account or not, biometry status, whether the rule requires ACTIVE biometry before payment. */
export async function biometryHolderStates(
  db: TDb,
  buyerCpf: string,
  body: TBiometryHoldersRequest,
): Promise<{ facial: boolean; holders: TBiometryHolderState[] }> {
  const facial = await eventIsFacial(db, body.eventId);
  // The call names holders by CPF (the spec's list): as holders from here.
  const found = await Promise.all(
    holdersOfCpfs(body.cpfs.map(cpfDigits)).map(async ({ document: cpf }) => ({
      cpf,
      row: await holderRow(db, cpf),
    })),
  );
  // The status rule (newest enrolment; none: NOT_EXISTENT) is the biometry module's.
  const statuses = await biometryStatusOfUsers(
    db,
    found.flatMap(({ row }) => (row ? [row.id] : [])),
  );
  const holders: TBiometryHolderState[] = found.map(({ cpf, row }) => ({
    cpf,
    hasAccount: Boolean(row),
    statusId: row ? (statuses.get(row.id) ?? BIOMETRY_STATUS.NOT_EXISTENT) : null,
    required: biometryRequired(
      { facialIsActive: facial, facialAtMomentOfPurchase: facial },
      row
        ? { birthDate: row.birth_date, nationality: row.nationality === 1 ? 1 : 0 }
        : { birthDate: null, nationality: null },
    ),
    isBuyer: cpf === buyerCpf,
  }));
  return { facial, holders };
}

/**
 * Enqueues the enrolment e-mail to the account owning `cpf`, with a link to /reconhecimento-facial.
 * The answer never carries the address. A CPF without an account: 422 with the message that the
 * person must create an account and enrol.
 */
export async function sendBiometryLink(
  s: TCheckoutServices,
  buyerName: string,
  body: TBiometryLinkRequest,
  locale: TLocale,
): Promise<{ sent: true; message: string }> {
  const cpf = cpfDigits(body.cpf);
  const row = await holderRow(s.db, cpf);
  if (!row) throw paymentError('biometry_no_account', locale);
  const site = siteConfig(s.config);
  const link = `${site.publicUrl.replace(/\/$/, '')}/reconhecimento-facial`;
  const pt = row.nationality !== 1;
  const subject = pt
    ? 'Cadastre sua biometria facial para receber seu ingresso'
    : 'Enrol your facial biometry to get your ticket';
  const lines = pt
    ? [
        `Olá, ${row.name}!`,
        `${buyerName} está comprando um ingresso em seu nome para um evento que exige biometria facial. Para concluir a compra, cadastre sua biometria:`,
        link,
      ]
    : [
        `Hello, ${row.name}!`,
        `${buyerName} is buying a ticket in your name for an event that requires facial biometry. To complete the purchase, enrol your face:`,
        link,
      ];
  await enqueueMessage(s.db, {
    channel: 'mail',
    mail: {
      to: row.email,
      subject,
      text: lines.join('\n\n'),
      html: mailLayout(
        site.brandName,
        lines
          .map(
            (line) =>
              `<p>${line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)}</p>`,
          )
          .join('\n'),
      ),
    },
  });
  return { sent: true, message: paymentMessage('biometry_link_sent', locale) };
}
