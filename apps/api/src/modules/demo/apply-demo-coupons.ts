import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { DEMO_SLUGS } from './demo-catalogue.ts';

/**
 * Coupons the demo starts with (README "Demo data"), so the cart's coupon field has something to
 * apply: a few uses each, so the line split of spec §5 shows with a small cart.
 */
export const DEMO_COUPONS = [
  {
    slug: DEMO_SLUGS.festival,
    code: 'BILHETO10',
    kind: 'percent',
    percentBp: 1_000,
    amountCents: 0,
    quantity: 2,
  },
  {
    slug: DEMO_SLUGS.stadium,
    code: 'BILHETO10',
    kind: 'percent',
    percentBp: 1_000,
    amountCents: 0,
    quantity: 2,
  },
  { slug: DEMO_SLUGS.samba, code: 'SAMBA20', kind: 'fixed', percentBp: 0, amountCents: 2_000, quantity: 8 },
] as const;

export async function applyDemoCoupons(db: TDb): Promise<void> {
  for (const coupon of DEMO_COUPONS) {
    await db.execute(sql`
      insert into promo_codes (event_id, code, kind, percent_bp, amount_cents, quantity)
      select id, ${coupon.code}, ${coupon.kind}, ${coupon.percentBp}, ${coupon.amountCents}, ${coupon.quantity}
      from events where slug = ${coupon.slug}
      on conflict do nothing`);
  }
}
