import type {
  TBiometryHolderState,
  TBiometryHoldersRequest,
  TBiometryLinkRequest,
} from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { biometryRequired } from '@ingressos/domain/biometry-requirement';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { siteConfig } from '../../web/site-config.ts';
import { biometryStatusOfUsers } from '../biometry/biometry-status-of-users.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { paymentError, paymentMessage } from './messages.ts';
import type { TCheckoutServices } from './services.ts';

const digits = (cpf: string) => cpf.replace(/\D/g, '');
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type TRow = {
  id: string;
  name: string;
  email: string;
  nationality: number;
  birth_date: string;
};

async function holderRow(db: TDb, cpf: string): Promise<TRow | undefined> {
  const found = (await db.execute(
    sql`select u.id, u.name, u.email, u.nationality, u.birth_date::text as birth_date
        from users u where u.document = ${cpf} limit 1`,
  )) as unknown as { rows: TRow[] };
  return found.rows[0];
}

async function eventIsFacial(db: TDb, eventId: number): Promise<boolean> {
  const found = (await db.execute(
    sql`select 1 from events e join event_sections s on s.event_id = e.id join event_tickets t on t.section_id = s.id
        where e.id = ${eventId} and e.facial_is_active and t.facial_at_moment_of_purchase limit 1`,
  )) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/** Per CPF: account or not, biometry status, whether the rule requires ACTIVE biometry before payment. */
export async function biometryHolderStates(
  db: TDb,
  buyerCpf: string,
  body: TBiometryHoldersRequest,
): Promise<{ facial: boolean; holders: TBiometryHolderState[] }> {
  const facial = await eventIsFacial(db, body.eventId);
  const found = await Promise.all(
    body.cpfs.map(async (raw) => {
      const cpf = digits(raw);
      return { cpf, row: await holderRow(db, cpf) };
    }),
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
  const cpf = digits(body.cpf);
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
      html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">${escapeHtml(site.brandName)}</h1>
${lines.map((line) => `<p>${line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)}</p>`).join('\n')}
</body></html>`,
    },
  });
  return { sent: true, message: paymentMessage('biometry_link_sent', locale) };
}
