import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * Reserves, for a cart, the coupon uses its code can still give its eligible units, like stock:
 * the code's row is locked (lock order: cart, then lot, then place, then code), and what other
 * live carts reserved is taken off what is left. Answers the units reserved now (0 when the code is
 * used up or the cart has no code); a cart without eligible units gives its reservation back.
 * Run in the caller's transaction, after its holds changed.
 */
export async function syncPromoUses(tx: TDb, cartId: string): Promise<number> {
  const [code] = await rows<{ id: number; quantity: number; used: number; lot_ids: number[] }>(
    tx,
    sql`select p.id, p.quantity, p.used, p.lot_ids from carts c
        join promo_codes p on p.event_id = c.event_id and p.code = c.promo_code
          and p.active and (p.expires_at is null or p.expires_at > now())
        where c.id = ${cartId} for update of p`,
  );
  if (!code) {
    await tx.execute(sql`delete from cart_promo_uses where cart_id = ${cartId}`);
    return 0;
  }
  const lots = code.lot_ids.map(Number);
  const [wanted] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(sum(quantity), 0)::int as n from cart_holds
        where cart_id = ${cartId} and not released
          and (${lots.length === 0} or lot_id in (${sql.join(
            (lots.length ? lots : [0]).map((id) => sql`${id}`),
            sql`, `,
          )}))`,
  );
  const [others] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(sum(u.units), 0)::int as n from cart_promo_uses u join carts c on c.id = u.cart_id
        where u.promo_id = ${code.id} and u.cart_id <> ${cartId} and c.expires_at > now()`,
  );
  const units = Math.max(0, Math.min(wanted?.n ?? 0, code.quantity - code.used - (others?.n ?? 0)));
  if (units === 0) {
    await tx.execute(sql`delete from cart_promo_uses where cart_id = ${cartId}`);
    return 0;
  }
  await tx.execute(
    sql`insert into cart_promo_uses (cart_id, promo_id, units) values (${cartId}, ${code.id}, ${units})
        on conflict (cart_id) do update set promo_id = excluded.promo_id, units = excluded.units`,
  );
  return units;
}

/** The coupon units a cart has reserved (what its lines may discount). */
export async function reservedPromoUnits(db: TDb, cartId: string): Promise<number> {
  const [row] = await rows<{ units: number }>(
    db,
    sql`select units from cart_promo_uses where cart_id = ${cartId}`,
  );
  return row?.units ?? 0;
}

/**
 * Spends coupon uses for good as an order is paid (checkout's convertHolds): each code counts the
 * units it discounted, one conditional UPDATE each (`used + n <= quantity`). False when a code has
 * not that many left; the caller's transaction must then roll back (an earlier code may be spent).
 */
export async function spendPromoUses(tx: TDb, uses: readonly { id: number; n: number }[]): Promise<boolean> {
  for (const { id, n } of uses) {
    const updated = await rows<{ id: number }>(
      tx,
      sql`update promo_codes set used = used + ${n} where id = ${id} and used + ${n} <= quantity returning id`,
    );
    if (updated.length === 0) return false;
  }
  return true;
}
