import type { TImportEvent } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TImportIssue } from './import-issue.ts';

type TCouponRow = {
  id: number;
  code: string;
  kind: string;
  percent_bp: number;
  amount_cents: number;
  quantity: number;
  used: number;
  lot_ids: number[];
  active: boolean;
  expires_at: Date | string | null;
};

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Issue 34: makes the event's promotion codes (promo_codes) what the document says, matched by
 * code. Uses are never written here (`used` belongs to modules/cart/promo-uses.ts): a quantity
 * below what a code has used is refused, and a code left out of the document is deleted only when
 * nobody used it and no live cart reserved it, each by one conditional statement so a checkout
 * that lands meanwhile is never lost. Run after syncSections (coupons name lots).
 */
export async function syncCoupons(
  db: TDb,
  eventId: number,
  event: TImportEvent,
  base: string,
  errors: TImportIssue[],
): Promise<boolean> {
  let changed = false;
  const lots = await rows<{ id: number; section: string; ticket: string; number: number }>(
    db,
    sql`select l.id, s.name as section, t.name as ticket, l.number from ticket_lots l
        join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        where s.event_id = ${eventId}`,
  );
  const lotId = new Map(lots.map((l) => [`${l.section}\u0000${l.ticket}\u0000${l.number}`, l.id]));
  const current = await rows<TCouponRow>(
    db,
    sql`select id, code, kind, percent_bp, amount_cents, quantity, used, lot_ids, active, expires_at
        from promo_codes where event_id = ${eventId}`,
  );
  const kept = new Set<number>();
  for (const [j, coupon] of event.coupons.entries()) {
    const path = `${base}.coupons[${j}]`;
    const ids: number[] = [];
    coupon.lots.forEach((ref, k) => {
      const id = lotId.get(`${ref.section}\u0000${ref.ticket}\u0000${ref.number}`);
      if (id === undefined) {
        errors.push({
          path: `${path}.lots[${k}]`,
          message: `no lot ${ref.number} of ticket "${ref.ticket}" in section "${ref.section}"`,
        });
      } else ids.push(id);
    });
    const old = current.find((row) => row.code === coupon.code);
    if (old) kept.add(old.id);
    if (ids.length < coupon.lots.length) continue;
    const values = {
      kind: coupon.kind,
      percentBp: coupon.kind === 'percent' ? Math.round((coupon.percent ?? 0) * 100) : 0,
      amountCents: coupon.kind === 'fixed' ? Math.round((coupon.amount ?? 0) * 100) : 0,
      quantity: coupon.quantity,
      lotIds: ids,
      active: coupon.active,
      expiresAt: coupon.expiresAt ? new Date(coupon.expiresAt) : null,
    };
    const expires = values.expiresAt?.toISOString() ?? null;
    if (!old) {
      await db.execute(
        sql`insert into promo_codes (event_id, code, kind, percent_bp, amount_cents, quantity, lot_ids, active, expires_at)
            values (${eventId}, ${coupon.code}, ${values.kind}, ${values.percentBp}, ${values.amountCents},
                    ${values.quantity}, ${JSON.stringify(ids)}::jsonb, ${values.active}, ${expires}::timestamptz)`,
      );
      changed = true;
      continue;
    }
    const same =
      old.kind === values.kind &&
      old.percent_bp === values.percentBp &&
      old.amount_cents === values.amountCents &&
      old.quantity === values.quantity &&
      JSON.stringify(old.lot_ids.map(Number)) === JSON.stringify(ids) &&
      old.active === values.active &&
      time(old.expires_at) === time(values.expiresAt);
    if (same) continue;
    // Guarded: a checkout spending uses meanwhile cannot leave used above quantity.
    const updated = await rows<{ id: number }>(
      db,
      sql`update promo_codes set kind = ${values.kind}, percent_bp = ${values.percentBp},
            amount_cents = ${values.amountCents}, quantity = ${values.quantity},
            lot_ids = ${JSON.stringify(ids)}::jsonb, active = ${values.active}, expires_at = ${expires}::timestamptz
          where id = ${old.id} and used <= ${values.quantity} returning id`,
    );
    if (updated.length === 0) {
      errors.push({
        path: `${path}.quantity`,
        message: `is below the ${old.used} uses coupon "${coupon.code}" already has`,
      });
    } else changed = true;
  }
  for (const old of current) {
    if (kept.has(old.id)) continue;
    const deleted = await rows<{ id: number }>(
      db,
      sql`delete from promo_codes p where p.id = ${old.id} and p.used = 0
          and not exists (select 1 from cart_promo_uses u join carts c on c.id = u.cart_id
                          where u.promo_id = p.id and c.expires_at > now())
          returning p.id`,
    );
    if (deleted.length === 0) {
      errors.push({
        path: `${base}.coupons`,
        message: `coupon "${old.code}" has been used or sits in a cart and cannot be removed: set "active": false instead`,
      });
    } else changed = true;
  }
  return changed;
}
