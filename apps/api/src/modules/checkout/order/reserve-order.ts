import { randomUUID } from 'node:crypto';
import { CHANNEL } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { inOneRoundTrip } from '../../../db/in-one-round-trip.ts';
import { eq, sql } from '../../../db/orm.ts';
import { accountDeletions, orders, type TOrderLine } from '../../../db/schema/index.ts';
import { answerAndCommit, withTransaction } from '../../../db/with-transaction.ts';
import { cartError } from '../../cart/cart-error.ts';
import { orderSession } from '../../cart/order-session.ts';
import { spendRenewal } from '../../cart/renewal-budget.ts';
import { assertHoldersBiometry, facialTicketsOf } from '../holders/biometry-at-purchase.ts';
import { paymentError } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';
import { pausePoint } from './test-pause.ts';

export type TReservation = {
  userId: string;
  sessionId: string;
  cartId: string;
  eventId: number;
  idempotencyKey: string;
  requestHash: string;
  method: 'credit_card' | 'pix' | 'free';
  installments: number;
  totalCents: number;
  interestCents: number;
  currency: string;
  lines: TOrderLine[];
  promo: { id: number; n: number }[];
  buyerDocument: string;
  transfers: { destinationCpf: string; indexItem: number }[];
  pixExpiresAt: Date | null;
  gateway: string;
  /** Issue 15: commerce §3 `nfeDocument`, normalised (nfe-document.ts), when given. */
  nfeDocument?: string | null;
  /** commerce §6: the commissioner selling the cart (the order's seller id), null or absent for the site. */
  commissionerId?: number | null;
  /** The refund service (protection) inside totalCents, from the same cart as the total. */
  refundServiceCents?: number;
};

/**
 * The reserve step: in one transaction the session's cart becomes the order's. The order (1
 * AGUARDANDO_PAGAMENTO) and its payment row ('created': no answer from the gateway yet) are
 * written together, so no order is ever without its payment; the cart leaves the buyer's session
 * (it now belongs to the order, so a stuck order never blocks the buyer's next cart); and its
 * holds are kept at least until `holdUntil` (a Pix's expiry, or the time a card charge may take
 * to be answered and reconciled). Answers null when the same Idempotency-Key already made an
 * order (the caller replays it). Its undo is endOrder (end-order.ts).
 */
export async function reserveOrder(
  s: TCheckoutServices,
  r: TReservation,
  holdUntil: Date,
  locale: TLocale,
): Promise<{ orderId: string; paymentId: string } | null> {
  const orderId = randomUUID();
  const paymentId = randomUUID();
  return withTransaction(s.db, async (tx) => {
    // The buyer's account must still exist (issue 31). Its row is locked first, as the cart's account
    // cap and the deletion (modules/privacy/delete-my-account.ts) lock it: either the deletion waits
    // for this order and then refuses (account_busy), or this waits for the deletion and sees its
    // record. The record is read by a later statement than the lock's (issue 37: the cart's, below):
    // a statement sees the database as it was when it began, so one that locked and checked read
    // account_deletions as it was before the wait, and made an order for an account deleted meanwhile.
    const account = s.config.TEST_UNSAFE_ACCOUNT_LOCK
      ? []
      : [sql`select id from users where id = ${r.userId} for no key update`];
    // Lock order everywhere: account, cart, then lot, then place. The cart must still be the session's:
    // a concurrent payment of the same cart took it otherwise.
    // The same read finds which of the lines' ticket types need their holders' biometry (issue 16).
    // Issue 37: both locks in one round trip, the cart's statement still run after the account's lock.
    const ticketIds = [...new Set(r.lines.map((line) => line.ticketId))];
    const answers = await inOneRoundTrip(tx, [
      ...account,
      sql`select id, expires_at, ${facialTicketsOf(r.eventId, ticketIds)} as facial,
            exists (select from account_deletions where user_id = ${r.userId}) as deleted
          from carts where id = ${r.cartId} and session_id = ${r.sessionId} for update`,
    ]);
    const locked = answers.at(-1) as {
      expires_at: string | Date;
      facial: number[] | null;
      deleted: boolean;
    }[];
    if (locked.length === 0) {
      const [deleted] = await tx
        .select({ userId: accountDeletions.userId })
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, r.userId));
      if (deleted) throw paymentError('buyer_account_deleted', locale);
      const [same] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.userId} = ${r.userId} and ${orders.idempotencyKey} = ${r.idempotencyKey}`);
      if (same) return null;
      throw paymentError('payment_in_progress', locale);
    }
    if (locked[0]!.deleted) throw paymentError('buyer_account_deleted', locale);
    await pausePoint(s.config.TEST_PAUSE_AT, 'reserve_locked');
    // Issue 19: a Pix keeps the holds as long as it may be paid, which is a renewal of the cart's
    // timer: it is spent from the cart's one budget, so Pix after cancelled Pix cannot hold for ever.
    if (r.method === 'pix' && !(await spendRenewal(tx, r.cartId, s.config.CART_MAX_RENEWALS)))
      throw cartError('renewal_limit', locale);
    // Issue 16: a facial event's required holders must have ACTIVE biometry; refused before any order or charge.
    await assertHoldersBiometry(tx, new Set((locked[0]!.facial ?? []).map(Number)), r.lines, locale);
    const order = tx
      .insert(orders)
      .values({
        id: orderId,
        userId: r.userId,
        cartId: r.cartId,
        eventId: r.eventId,
        idempotencyKey: r.idempotencyKey,
        requestHash: r.requestHash,
        status: ORDER_STATUS.AGUARDANDO_PAGAMENTO,
        method: r.method,
        installments: r.installments,
        totalCents: r.totalCents,
        interestCents: r.interestCents,
        currency: r.currency,
        lines: r.lines,
        promo: r.promo,
        buyerDocument: r.buyerDocument,
        transfers: r.transfers,
        pixExpiresAt: r.pixExpiresAt,
        cartExpiresAt: new Date(locked[0]!.expires_at),
        nfeDocument: r.nfeDocument ?? null,
        // commerce §9: channel 2 COMMISSIONER and origin SiteCommissioner when a commissioner sold it.
        sellerId: r.commissionerId ?? null,
        channel: r.commissionerId ? CHANNEL.COMMISSIONER : CHANNEL.SITE,
        saleOrigin: r.commissionerId ? 'SiteCommissioner' : 'Site',
        refundServiceCents: r.refundServiceCents ?? 0,
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning({ id: orders.id });
    const until = holdUntil.toISOString();
    // Issue 37: one statement writes the order, its payment ('created': no answer from the gateway
    // yet) and the cart's move to the order, each only when the order was written (a repeat of the
    // Idempotency-Key writes nothing). The cart now counts against its buyer's account cap of held
    // units (add-to-cart.ts); its holds last until `until` (its row is locked already).
    // Last: on PostgreSQL the statement carries the transaction's COMMIT (one round trip fewer).
    const [made] = await answerAndCommit(tx, [
      sql`with made as (${order.getSQL()}),
          payment as (
            insert into payments (id, order_id, gateway, status, status_detail, amount_cents, currency, method)
            select ${paymentId}, made.id, ${r.gateway}, 'created', 'awaiting_gateway', ${r.totalCents}::int, ${r.currency}, ${r.method}
            from made
          ),
          holds as (
            update cart_holds set expires_at = greatest(expires_at, ${until}::timestamptz)
            where cart_id = ${r.cartId} and not released and exists (select from made)
          )
          update carts set session_id = ${orderSession(orderId)}, user_id = ${r.userId}, updated_at = now(),
            expires_at = greatest(expires_at, ${until}::timestamptz)
          where id = ${r.cartId} and exists (select from made)
          returning id`,
    ]);
    if (made!.length === 0) return null;
    return { orderId, paymentId };
  });
}
