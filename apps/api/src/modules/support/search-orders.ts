import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffOrderHit, TStaffOrderSearchAnswer } from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import { hideDocument } from '@ingressos/domain/cpf';
import type { TDb } from '../../db/client.ts';
import { type SQL, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../app-error.ts';
import { orderNumber } from '../tickets/get-order-receipt.ts';
import { decodeCursor, encodeCursor, orderStatusName } from './order-view.ts';
import { searchKindOf } from './search-kind.ts';

export const SEARCH_PAGE_SIZE = 25;

type TKind = NonNullable<ReturnType<typeof searchKindOf>>;

/**
 * The ids of the orders a key names, each through its own index (migration 0026 and earlier):
 * a CPF is the buyer's document (orders_buyer_document), a holder's (tickets_holder_cpf) or an
 * account's (users_document_key, then orders_user); an e-mail is an account (users_email_key);
 * a code is a prefix of the id (orders_code, text_pattern_ops); last four digits are a card on
 * the payment or on a split part (payments_card_last4, payment_parts_card_last4); a Pix E2E is
 * payments_pix_e2e. bench/support-search.ts checks each plan with EXPLAIN.
 */
export function orderIdsOf({ kind, value }: TKind): SQL {
  switch (kind) {
    case 'cpf':
      return sql`select id from orders where buyer_document = ${value}
        union select order_id from tickets where holder_cpf = ${value}
        union select o.id from orders o join users u on u.id = o.user_id where u.document = ${value}`;
    case 'email':
      return sql`select o.id from orders o join users u on u.id = o.user_id where u.email = ${value}`;
    case 'code':
      return sql`select id from orders where id like ${`${value}%`}`;
    case 'last4':
      return sql`select order_id from payments where card_last4 = ${value}
        union select order_id from payment_parts where card_last4 = ${value}`;
    case 'pix_e2e':
      return sql`select order_id from payments where pix_end_to_end_id = ${value}`;
  }
}

/** The search's statement: one page of the orders a key names, newest first, after the cursor. */
export function searchStatement(key: TKind, after: { at: string; id: string } | null, limit: number): SQL {
  const keyset = after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  return sql`select o.id, o.status, o.event_id, o.lines->0->>'eventName' as event_name, u.name as buyer_name,
      o.buyer_document, o.total_cents, o.currency, o.method, o.created_at,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key
    from orders o join users u on u.id = o.user_id
    where o.id in (${orderIdsOf(key)}) ${keyset}
    order by o.created_at desc, o.id desc
    limit ${limit}`;
}

type TRow = {
  id: string;
  status: number;
  event_id: number;
  event_name: string | null;
  buyer_name: string;
  buyer_document: string;
  total_cents: number;
  currency: string;
  method: string;
  created_at: Date | string;
  /** created_at to the microsecond (a JavaScript Date keeps milliseconds): the cursor's exact position. */
  at_key: string;
};

/** GET /api/staff/orders?q=: support's search by CPF, e-mail, order code, card's last four or Pix E2E. */
export async function searchOrders(options: {
  db: TDb;
  q: string;
  cursor: string | undefined;
  locale: TLocale;
}): Promise<TStaffOrderSearchAnswer> {
  const { db, locale } = options;
  const key = searchKindOf(options.q);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  if (!key || (options.cursor && !after))
    throw new AppError('staff_search_unrecognised', API_MESSAGES[locale].staffSupport.search_unrecognised);
  const found = await rows<TRow>(db, searchStatement(key, after, SEARCH_PAGE_SIZE + 1));
  const page = found.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    kind: key.kind,
    orders: page.map(hitOf),
    nextCursor:
      found.length > SEARCH_PAGE_SIZE && last ? encodeCursor({ at: last.at_key, id: last.id }) : null,
  };
}

function hitOf(row: TRow): TStaffOrderHit {
  return {
    orderId: row.id,
    code: orderNumber(row.id),
    eventId: Number(row.event_id),
    statusId: Number(row.status),
    statusName: orderStatusName(Number(row.status)),
    eventName: row.event_name ?? '',
    buyerName: row.buyer_name,
    buyerDocumentMasked: hideDocument(row.buyer_document),
    totalCents: Number(row.total_cents),
    currency: row.currency,
    method: row.method,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
