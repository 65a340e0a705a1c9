import { randomBytes } from 'node:crypto';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { and, eq, gt } from '../../../db/orm.ts';
import { sandboxCharges, sandboxPreferences } from '../../../db/schema/index.ts';
import { GatewayRefusedError, type TCharge, type TGatewayHostedCheckout } from '../gateway.ts';

/** What the buyer picks on the sandbox's hosted page, as on a gateway's checkout page. */
export const SANDBOX_PAGE_OUTCOMES = ['approve', 'decline', 'pix'] as const;
export type TSandboxPageOutcome = (typeof SANDBOX_PAGE_OUTCOMES)[number];

const CHARGE_OF: Record<
  TSandboxPageOutcome,
  { method: string; status: TPaymentStatus; detail: string; back: 'success' | 'failure' | 'pending' }
> = {
  approve: { method: 'credit_card', status: 'approved', detail: 'accredited', back: 'success' },
  decline: { method: 'credit_card', status: 'rejected', detail: 'cc_rejected_other_reason', back: 'failure' },
  pix: { method: 'pix', status: 'pending', detail: 'pending_waiting_transfer', back: 'pending' },
};

export type TSandboxPreference = typeof sandboxPreferences.$inferSelect;

/**
 * The sandbox's hosted checkout (its 'checkout pro'): preferences in its own table and a page we
 * serve at /sandbox-gateway/checkout/:id (http/routes/sandbox-hosted-page.ts) where the buyer
 * approves, is declined or leaves a Pix pending; the payment made there carries our reference,
 * like Mercado Pago's, and is found by findByExternalRef.
 */
export function sandboxHostedCheckout(db: TDb) {
  const hosted: TGatewayHostedCheckout = {
    async create(input) {
      if (input.amountCents <= 0) throw new GatewayRefusedError('sandbox: a preference needs an amount');
      const id = `sbxpref_${randomBytes(12).toString('hex')}`;
      // One preference per reference (a repeated request answers the first, like an idempotency key).
      await db
        .insert(sandboxPreferences)
        .values({
          id,
          externalRef: input.externalRef,
          amountCents: input.amountCents,
          currency: input.currency,
          title: input.description,
          backUrls: input.backUrls,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sandboxPreferences)
        .where(eq(sandboxPreferences.externalRef, input.externalRef));
      return { preferenceId: row!.id, url: `/sandbox-gateway/checkout/${row!.id}` };
    },
    async cancel(preferenceId) {
      await db
        .update(sandboxPreferences)
        .set({ status: 'cancelled' })
        .where(and(eq(sandboxPreferences.id, preferenceId), eq(sandboxPreferences.status, 'open')));
    },
  };

  /** The preference a page shows: null when unknown. */
  const preference = async (id: string): Promise<TSandboxPreference | null> => {
    const [row] = await db.select().from(sandboxPreferences).where(eq(sandboxPreferences.id, id));
    return row ?? null;
  };

  /**
   * The buyer's choice on the page: a payment with the preference's reference, and where the page
   * sends the buyer back (with the outcome in the query, as Mercado Pago's back_urls get it). A
   * cancelled or expired preference takes nothing (null).
   */
  const pay = async (
    id: string,
    outcome: TSandboxPageOutcome,
  ): Promise<{ charge: TCharge; returnTo: string } | null> => {
    const [open] = await db
      .update(sandboxPreferences)
      .set({ status: outcome === 'decline' ? 'open' : 'paid' })
      .where(
        and(
          eq(sandboxPreferences.id, id),
          eq(sandboxPreferences.status, 'open'),
          gt(sandboxPreferences.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!open) return null;
    const made = CHARGE_OF[outcome];
    await db
      .insert(sandboxCharges)
      .values({
        id: `sbx${randomBytes(10).toString('hex')}`,
        method: made.method,
        amountCents: open.amountCents,
        currency: open.currency,
        status: made.status,
        statusDetail: made.detail,
        externalRef: open.externalRef,
      })
      .onConflictDoNothing();
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, open.externalRef));
    const view: TCharge = {
      ref: charge!.id,
      status: charge!.status as TPaymentStatus,
      statusDetail: charge!.statusDetail,
      amountCents: charge!.amountCents,
      currency: charge!.currency.toUpperCase(),
      externalRef: charge!.externalRef,
    };
    const back = new URL(open.backUrls[made.back], 'http://sandbox.invalid');
    back.searchParams.set('payment_id', view.ref);
    back.searchParams.set('status', view.status);
    back.searchParams.set('external_reference', open.externalRef);
    back.searchParams.set('preference_id', open.id);
    const returnTo = open.backUrls[made.back].startsWith('/')
      ? `${back.pathname}${back.search}`
      : back.toString();
    return { charge: view, returnTo };
  };

  return { hosted, preference, pay };
}
