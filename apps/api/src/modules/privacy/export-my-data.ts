import type { TMyDataExport } from '@ingressos/contracts/privacy';
import { hideDocument } from '@ingressos/domain/cpf';
import { firstName } from '@ingressos/domain/person-name';
import type { TDb } from '../../db/client.ts';
import { and, desc, eq, gt, sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import { consents, lineHolders, sessions, type TOrderLine } from '../../db/schema/index.ts';
import type { TSession, TUserRow } from '../accounts/sessions.ts';
import { exportBiometry } from '../biometry/delete-my-biometry.ts';
import { receivedBy } from '../transfers/list-transfers.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Someone else's document as this export may show it: a CPF's middle digits, a foreign one's first two. */
export const maskOthersDocument = hideDocument;

type TOrderRow = {
  id: string;
  event_id: number;
  event_name: string;
  status: number;
  method: string;
  installments: number;
  currency: string;
  total_cents: number;
  interest_cents: number;
  lines: TOrderLine[];
  created_at: Date | string;
  paid_at: Date | string | null;
  p_status: string | null;
  p_amount_cents: number | null;
  p_currency: string | null;
  p_method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  p_created_at: Date | string | null;
};

type TTicketRow = {
  id: string;
  order_id: string;
  event_id: number;
  event_name: string;
  starts_at: Date | string;
  holder_cpf: string;
  created_at: Date | string;
};

type TTransferRow = {
  id: string;
  ticket_id: string;
  event_name: string;
  destination_cpf: string;
  from_user_id: string;
  from_name: string;
  status: number;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * Everything the product keeps about the account (LGPD art. 18 II and V), as one JSON document.
 * Secrets stay out (password hash, session tokens and their hashes, codes); other people appear
 * only as much as the owner already sees them (masked CPFs, a sender's first name).
 */
export async function exportMyData(options: {
  db: TDb;
  user: TUserRow;
  session: TSession;
}): Promise<TMyDataExport> {
  const { db, user, session } = options;
  const own = (document: string) => (document === user.document ? document : maskOthersDocument(document));

  const orderRows = rowsOf<TOrderRow>(
    await db.execute(sql`
      select o.id, o.event_id, e.name as event_name, o.status, o.method, o.installments, o.currency,
             o.total_cents, o.interest_cents, o.lines, o.created_at, o.paid_at,
             p.status as p_status, p.amount_cents as p_amount_cents, p.currency as p_currency,
             p.method as p_method, p.card_brand, p.card_last4, p.created_at as p_created_at
      from orders o
      join events e on e.id = o.event_id
      left join payments p on p.order_id = o.id
      where o.user_id = ${user.id}
      order by o.created_at`),
  );
  const ticketRows = rowsOf<TTicketRow>(
    await db.execute(sql`
      select t.id, t.order_id, t.event_id, e.name as event_name, e.starts_at, t.holder_cpf, t.created_at
      from tickets t join events e on e.id = t.event_id
      where t.user_id = ${user.id}
      order by e.starts_at, t.created_at`),
  );
  const transferRows = rowsOf<TTransferRow>(
    await db.execute(sql`
      select tt.id, tt.ticket_id, e.name as event_name, tt.destination_cpf, tt.from_user_id,
             s.name as from_name, tt.status, tt.created_at, tt.updated_at
      from ticket_transfers tt
      join tickets t on t.id = tt.ticket_id
      join events e on e.id = t.event_id
      join users s on s.id = tt.from_user_id
      where tt.from_user_id = ${user.id} or ${receivedBy(user)}
      order by tt.created_at`),
  );
  const sessionRows = await db
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));

  const consentRows = await db
    .select({
      kind: consents.kind,
      version: consents.version,
      granted: consents.granted,
      acceptedAt: consents.acceptedAt,
    })
    .from(consents)
    .where(eq(consents.userId, user.id))
    .orderBy(consents.acceptedAt, consents.kind);

  return {
    format: 'bilheto-data-export',
    version: 1,
    generatedAt: new Date().toISOString(),
    notes: [
      'Amounts are in cents of the order currency.',
      'Other people appear masked: their CPF shows only its middle digits.',
      'A null consent is one the product does not record: no promotional SMS are sent.',
      'Passwords are kept only as a one-way hash and are not part of this file, nor are session tokens.',
    ],
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      document: user.document,
      nationality: user.nationality,
      birthDate: user.birthDate,
      responsibleDocument: user.responsibleDocument,
      gender: user.gender,
      ddiPhone: user.ddiPhone,
      phone: user.phone,
      stateIbge: user.stateIbge,
      cityIbge: user.cityIbge,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    consents: {
      marketingEmails: user.marketingEmails,
      marketingSms: null,
      termsAcceptance: consentRows.map((c) => ({
        kind: c.kind,
        version: c.version,
        granted: c.granted,
        acceptedAt: c.acceptedAt.toISOString(),
      })),
    },
    biometry: await exportBiometry(db, user.id),
    orders: orderRows.map((o) => ({
      id: o.id,
      eventId: o.event_id,
      eventName: o.event_name,
      status: o.status,
      method: o.method,
      installments: o.installments,
      currency: o.currency,
      totalCents: o.total_cents,
      interestCents: o.interest_cents,
      createdAt: iso(o.created_at)!,
      paidAt: iso(o.paid_at),
      items: o.lines.map((line) => ({
        eventName: line.eventName,
        sectionName: line.sectionName,
        ticketName: line.ticketName,
        placeAlias: line.placeAlias,
        quantity: line.quantity,
        unitCents: line.unitCents,
        holders: lineHolders(line).map((holder) => own(holder.document)),
      })),
      payment:
        o.p_status === null
          ? null
          : {
              status: o.p_status,
              amountCents: o.p_amount_cents!,
              currency: o.p_currency!,
              method: o.p_method!,
              cardBrand: o.card_brand,
              cardLast4: o.card_last4,
              createdAt: iso(o.p_created_at)!,
            },
    })),
    tickets: ticketRows.map((t) => ({
      id: t.id,
      orderId: t.order_id,
      eventId: t.event_id,
      eventName: t.event_name,
      startsAt: iso(t.starts_at)!,
      holderCpf: own(t.holder_cpf),
      createdAt: iso(t.created_at)!,
    })),
    transfers: {
      sent: transferRows
        .filter((t) => t.from_user_id === user.id)
        .map((t) => ({
          id: t.id,
          ticketId: t.ticket_id,
          eventName: t.event_name,
          destinationCpf: own(t.destination_cpf),
          status: t.status,
          createdAt: iso(t.created_at)!,
          updatedAt: iso(t.updated_at)!,
        })),
      received: transferRows
        .filter((t) => t.from_user_id !== user.id)
        .map((t) => ({
          id: t.id,
          ticketId: t.ticket_id,
          eventName: t.event_name,
          fromName: firstName(t.from_name),
          status: t.status,
          createdAt: iso(t.created_at)!,
          updatedAt: iso(t.updated_at)!,
        })),
    },
    sessions: sessionRows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.tokenHash === session.tokenHash,
    })),
  };
}
