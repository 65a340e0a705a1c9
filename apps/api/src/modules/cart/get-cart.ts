import type { TCart } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { cartError } from './cart-error.ts';
import {
  cartAnswer,
  HELD_PRICE_COLUMNS,
  LINE_COLUMNS,
  LINE_JOINS,
  type TCartRow,
  toDate,
} from './cart-lines.ts';
import { reservedPromoUnits } from './promo-uses.ts';
import { findPromo } from './promotions.ts';
import { reclaimExpiredHolds } from './stock.ts';

type TRow = TCartRow & {
  cart_id: string;
  cart_expires_at: Date | string;
  promo_code: string | null;
  protection_provider: string | null;
  commissioner_id: number | null;
};

/**
 * The session's cart in the spec's Cart shape (one query), or null when the session has none or
 * it is empty. An expired cart gives its units back at once and answers 'Carrinho expirado'
 * until the buyer clears it (leaveCart) or brings it back (activatecart).
 */
export async function getCart(db: TDb, sessionId: string, locale: TLocale): Promise<TCart | null> {
  const lines = await rows<TRow>(
    db,
    sql`
    select c.id as cart_id, c.expires_at as cart_expires_at, c.promo_code, c.protection_provider, c.commissioner_id, h.id as hold_id, h.quantity, h.released,
      ${HELD_PRICE_COLUMNS}, ${LINE_COLUMNS}
    from carts c
    join cart_holds h on h.cart_id = c.id
    join ticket_lots l on l.id = h.lot_id
    ${LINE_JOINS}
    left join controlled_places p on p.id = h.controlled_place_id
    where c.session_id = ${sessionId}
    order by h.id`,
  );
  const first = lines[0];
  if (!first) return null;
  const expiresAt = toDate(first.cart_expires_at);
  if (expiresAt.getTime() <= Date.now() || lines.some((row) => row.released)) {
    await withTransaction(db, (tx) => reclaimExpiredHolds(tx, { cartId: first.cart_id }));
    throw cartError('cart_expired', locale);
  }
  const found = first.promo_code ? await findPromo(db, first.event_id, first.promo_code) : null;
  // The cart discounts only the uses it reserved (promo-uses.ts), never what others hold.
  const promo = found && { ...found, remaining: await reservedPromoUnits(db, first.cart_id) };
  const protection =
    first.protection_provider === 'bilheto' || first.protection_provider === 'none'
      ? first.protection_provider
      : null;
  return cartAnswer(first.cart_id, expiresAt, lines, {
    promo,
    protection,
    commissionerId: first.commissioner_id,
  });
}
