import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { sandboxCharges } from '../../db/schema/index.ts';
import { GatewayRefusedError, type TCharge, type TPaymentGateway } from './gateway.ts';

/**
 * The token the sandbox card form (sandbox-card-form.js) makes in the browser: the outcome the
 * test card number stands for, the brand and the last four digits, and 16 random characters.
 * The number itself and the CVV never leave the browser, as with a real acquirer's tokenizer.
 */
export const SANDBOX_TOKEN = /^sbx_(apro|rej|pend)_(visa|master|elo|amex)_(\d{4})_[A-Za-z0-9]{16}$/;

const OUTCOME: Record<string, { status: TPaymentStatus; detail: string }> = {
  apro: { status: 'approved', detail: 'accredited' },
  rej: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  pend: { status: 'in_process', detail: 'pending_contingency' },
};

const CARD_FORM = readFileSync(new URL('./sandbox-card-form.js', import.meta.url), 'utf8');

export type TSandboxGateway = TPaymentGateway & {
  /** The 'simulate payment' control: pays a pending Pix (a cancelled or expired one stays so). */
  payPix(ref: string): Promise<TCharge | null>;
};

export function createSandboxGateway(
  db: TDb,
  pix: { key: string; merchantName: string; merchantCity: string },
  /** An in-process card charge is approved this many seconds after it was made (an acquirer's review). */
  settleSeconds = 15,
  interestBp = 299,
): TSandboxGateway {
  const newRef = () => `sbx${randomBytes(10).toString('hex')}`;
  /** A second charge for the same external reference answers the first one (acquirer idempotency). */
  const record = async (values: typeof sandboxCharges.$inferInsert) => {
    const [inserted] = await db.insert(sandboxCharges).values(values).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const [existing] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, values.externalRef));
    return existing!;
  };
  const view = (row: typeof sandboxCharges.$inferSelect): TCharge => ({
    ref: row.id,
    status: row.status as TPaymentStatus,
    statusDetail: row.statusDetail,
    externalRef: row.externalRef,
    refundedCents: row.refundedCents,
  });
  const pixPayload = (ref: string, amountCents: number) =>
    generatePixPayload({
      key: pix.key,
      merchantName: pix.merchantName,
      merchantCity: pix.merchantCity,
      amount: amountCents / 100,
      txid: ref.slice(0, 25),
    }) ?? '';

  const currencies = { card: ['BRL', 'USD'], pix: ['BRL'] };
  const gateway: TSandboxGateway = {
    kind: 'sandbox',
    browser: {
      cardForm: { path: '/sandbox-gateway/card-form.js', source: CARD_FORM },
      publicKey: null,
      csp: { script: [], frame: [], connect: [], img: [] },
      testMode: true,
    },
    // The sandbox settles by being asked (status polls, the reconciler, its simulate control).
    webhook: null,
    capabilities: {
      methods: ['credit_card', 'pix'],
      threeDS: false,
      hostedCheckout: false,
      walletButton: false,
      // Ways to pay: multi-payment — each card of a split is an ordinary charge.
      multiCard: true,
      partialRefund: true,
    },
    // Like an acquirer with a USD merchant account: cards in reais or dollars, Pix in reais only.
    currencies,
    interestBp,
    maxInstallments: 12,
    async chargeCard(input) {
      if (!currencies.card.includes(input.currency))
        throw new GatewayRefusedError(`sandbox charges no card in ${input.currency}`);
      const match = SANDBOX_TOKEN.exec(input.token);
      // Like an acquirer's API: a token its card form never made is refused, nothing is charged.
      if (!match) throw new GatewayRefusedError('sandbox: invalid card token');
      const outcome = OUTCOME[match[1]!]!;
      const row = await record({
        id: newRef(),
        method: 'credit_card',
        amountCents: input.amountCents,
        currency: input.currency,
        installments: input.installments,
        status: outcome.status,
        statusDetail: outcome.detail,
        externalRef: input.externalRef,
      });
      return { ...view(row), brand: match[2]!, last4: match[3]! };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const row = await record({
        id: newRef(),
        method: 'pix',
        amountCents: input.amountCents,
        currency: input.currency,
        status: 'pending',
        statusDetail: 'pending_waiting_transfer',
        externalRef: input.externalRef,
      });
      return { ...view(row), payload: pixPayload(row.id, row.amountCents) };
    },
    async getCharge(ref) {
      // The review of an in-process card ends settleSeconds after the charge (the database's
      // clock), whichever process asks first: a conditional update, the same answer everywhere.
      const [settled] = await db
        .update(sandboxCharges)
        .set({ status: 'approved', statusDetail: 'accredited' })
        .where(
          and(
            eq(sandboxCharges.id, ref),
            eq(sandboxCharges.status, 'in_process'),
            lte(sandboxCharges.createdAt, sql`now() - ${settleSeconds} * interval '1 second'`),
          ),
        )
        .returning();
      if (settled) return view(settled);
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      return row ? view(row) : null;
    },
    async findByExternalRef(externalRef) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.externalRef, externalRef));
      return row ? gateway.getCharge(row.id) : null;
    },
    async cancel(ref) {
      const [cancelled] = await db
        .update(sandboxCharges)
        .set({ status: 'cancelled', statusDetail: 'by_collector' })
        .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.status, 'pending')))
        .returning();
      if (cancelled) return view(cancelled);
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      return row ? view(row) : null;
    },
    async refund(ref, amountCents) {
      // Only money taken can be given back, never more than the charge; a repeated full refund
      // changes nothing. The whole amount back makes the charge 'refunded'.
      const back = sql`least(${sandboxCharges.amountCents}, ${sandboxCharges.refundedCents} + ${amountCents ?? sql`${sandboxCharges.amountCents}`})`;
      await db
        .update(sandboxCharges)
        .set({
          refundedCents: back,
          status: sql`case when ${back} >= ${sandboxCharges.amountCents} then 'refunded' else 'approved' end`,
          statusDetail: sql`case when ${back} >= ${sandboxCharges.amountCents} then 'refunded' else 'partially_refunded' end`,
        })
        .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.status, 'approved')));
    },
    async payPix(ref) {
      const [row] = await db
        .update(sandboxCharges)
        .set({ status: 'approved', statusDetail: 'accredited' })
        .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.status, 'pending')))
        .returning();
      if (row) return view(row);
      const [current] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      return current ? view(current) : null;
    },
  };
  return gateway;
}
