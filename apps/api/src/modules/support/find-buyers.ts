import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffBuyerSearchAnswer } from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import { hideDocument, isCpfDocument, stripCpfMask } from '@ingressos/domain/cpf';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../app-error.ts';

/**
 * GET /api/staff/buyers?q=: the account of an e-mail (stored lower-cased) or a CPF (digits, mask
 * optional): each a unique index (users_email_key, users_document_key); the orders are counted
 * through orders_user. Anything else is refused with the kinds it may be.
 */
export async function findBuyers(options: {
  db: TDb;
  q: string;
  locale: TLocale;
}): Promise<TStaffBuyerSearchAnswer> {
  const text = options.q.trim();
  const digits = stripCpfMask(text);
  const where = text.includes('@')
    ? sql`u.email = ${text.toLowerCase()}`
    : isCpfDocument(digits)
      ? sql`u.document = ${digits}`
      : null;
  if (!where)
    throw new AppError(
      'staff_search_unrecognised',
      API_MESSAGES[options.locale].staffSupport.search_unrecognised,
    );
  const found = await rows<{
    id: string;
    name: string;
    email: string;
    document: string;
    orders: number | string;
  }>(
    options.db,
    sql`select u.id, u.name, u.email, u.document,
          (select count(*) from orders o where o.user_id = u.id) as orders
        from users u where ${where}`,
  );
  return {
    buyers: found.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      documentMasked: hideDocument(u.document),
      ordersCount: Number(u.orders),
    })),
  };
}
