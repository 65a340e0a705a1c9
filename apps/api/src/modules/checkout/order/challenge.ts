import { sql } from '../../../db/orm.ts';
import type { TCheckoutServices } from '../services.ts';

/** How long a challenge keeps the cart's units: longer than an issuer gives the buyer to answer it. */
const CHALLENGE_HOLD_SECONDS = 15 * 60;

/** commerce §4: the 3DS states of a charge. */
export const PENDING_CHALLENGE = 'pending_challenge';
export const REJECTED_CHALLENGE = 'cc_rejected_3ds_challenge';

/** Where the issuer sends the buyer back after a challenge: the payment page, told which order. */
export const challengeReturnPath = (orderId: string) => `/pagamento?order=${encodeURIComponent(orderId)}`;

/**
 * The charge step's answer asked for a challenge (pending_challenge): its page is kept on the
 * payment (the payment answer shows it) and the cart's units stay held while the buyer answers.
 */
export async function recordChallenge(
  s: TCheckoutServices,
  c: { orderId: string; paymentId: string },
  url: string,
) {
  const until = new Date(Date.now() + CHALLENGE_HOLD_SECONDS * 1000).toISOString();
  await s.db.execute(
    sql`update payments set challenge_url = ${url}, updated_at = now() where id = ${c.paymentId}`,
  );
  await s.db.execute(
    sql`update cart_holds set expires_at = greatest(expires_at, ${until}::timestamptz)
        where not released and cart_id = (select cart_id from orders where id = ${c.orderId})`,
  );
  await s.db.execute(
    sql`update carts set expires_at = greatest(expires_at, ${until}::timestamptz)
        where id = (select cart_id from orders where id = ${c.orderId})`,
  );
}
