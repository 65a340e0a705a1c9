import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { and, eq, lte, sql } from '../../../db/orm.ts';
import { sandboxCharges } from '../../../db/schema/index.ts';
import { randomText } from '../../../db/tokens.ts';
import { GatewayRefusedError, type TCharge, type TPaymentGateway } from '../gateway.ts';
import { sandboxHostedCheckout, type TSandboxPageOutcome, type TSandboxPreference } from './hosted.ts';
import { SANDBOX } from './settings.ts';

/**
 * The token the sandbox card form (sandbox-card-form.js) makes in the browser: the outcome the
 * test card number stands for, the brand and the last four digits, and 16 random characters.
 * The number itself and the CVV never leave the browser, as with a real acquirer's tokenizer.
 */
export const SANDBOX_TOKEN = /^sbx_(apro|rej|pend|3ds)_(visa|master|elo|amex)_(\d{4})_[A-Za-z0-9]{16}$/;

const OUTCOME: Record<string, { status: TPaymentStatus; detail: string }> = {
  apro: { status: 'approved', detail: 'accredited' },
  rej: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  pend: { status: 'in_process', detail: 'pending_contingency' },
  // Issue 15, 3DS: the issuer asks for a challenge; the charge waits for its result.
  '3ds': { status: 'pending', detail: 'pending_challenge' },
};

/** Issue 15, 3DS: the sandbox issuer's page (its ACS) where the buyer answers a challenge. */
export const SANDBOX_CHALLENGE_PATH = '/sandbox-gateway/3ds';
/** The ACS's answer, kept on the charge until the checkout completes it with the auth id. */
const ANSWERED = /^challenge_(ok|denied):(.+)$/;

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');

export type TSandboxGateway = TPaymentGateway & {
  /** The 'simulate payment' control: pays a pending Pix (a cancelled or expired one stays so). */
  payPix(ref: string): Promise<TCharge | null>;
  /** Its hosted page (issue 15, sandbox-hosted.ts): the preference shown and the buyer's choice there. */
  preference(id: string): Promise<TSandboxPreference | null>;
  payPreference(
    id: string,
    outcome: TSandboxPageOutcome,
  ): Promise<{ charge: TCharge; returnTo: string } | null>;
  /**
   * Issue 15, 3DS, the sandbox issuer's challenge page: records the buyer's answer to the charge's
   * challenge and answers the authentication id (commerce §3 `auth3dsId`) the checkout completes
   * the charge with; null when the charge awaits no challenge.
   */
  answerChallenge(ref: string, approved: boolean): Promise<string | null>;
};

export function createSandboxGateway(
  db: TDb,
  pix: { key: string; merchantName: string; merchantCity: string },
  /** An in-process card charge is approved this many seconds after it was made (an acquirer's review). */
  settleSeconds = 15,
  interestBp = 299,
  /** A 3DS challenge not completed this many seconds after the charge is refused (an issuer's timeout). */
  challengeSeconds = 300,
): TSandboxGateway {
  const newRef = () => `sbx${randomText(10, 'hex')}`;
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
    // An answered challenge is still pending_challenge until the checkout completes it.
    statusDetail: ANSWERED.test(row.statusDetail) ? 'pending_challenge' : row.statusDetail,
    amountCents: row.amountCents,
    currency: row.currency.toUpperCase(),
    externalRef: row.externalRef,
    refundedCents: row.refundedCents,
    pixEndToEndId:
      row.method === 'pix' && (row.status === 'approved' || row.status === 'refunded')
        ? pixEndToEndId(row.id, row.createdAt)
        : undefined,
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
  const hostedPage = sandboxHostedCheckout(db);
  const gateway: TSandboxGateway = {
    kind: 'sandbox',
    browser: {
      cardForm: { path: SANDBOX.cardFormPath, source: CARD_FORM },
      publicKey: null,
      csp: { script: [], frame: [], connect: [], img: [] },
      testMode: true,
    },
    // The sandbox settles by being asked (status polls, the reconciler, its simulate control).
    webhook: null,
    capabilities: {
      methods: ['credit_card', 'pix'],
      threeDS: true,
      // Its own hosted page and a yellow button to it (issue 15): every way to pay works on one machine.
      hostedCheckout: true,
      walletButton: true,
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
      const challenge =
        row.statusDetail === 'pending_challenge'
          ? `${SANDBOX_CHALLENGE_PATH}/${row.id}${input.challengeReturnUrl ? `?return=${encodeURIComponent(input.challengeReturnUrl)}` : ''}`
          : undefined;
      return { ...view(row), brand: match[2]!, last4: match[3]!, challengeUrl: challenge };
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
      // Issue 15, 3DS: a challenge not completed in time is refused, as an issuer times it out.
      const [timedOut] = await db
        .update(sandboxCharges)
        .set({ status: 'rejected', statusDetail: 'cc_rejected_3ds_challenge' })
        .where(
          and(
            eq(sandboxCharges.id, ref),
            eq(sandboxCharges.method, 'credit_card'),
            eq(sandboxCharges.status, 'pending'),
            lte(sandboxCharges.createdAt, sql`now() - ${challengeSeconds} * interval '1 second'`),
          ),
        )
        .returning();
      if (timedOut) return view(timedOut);
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
    hostedCheckout: hostedPage.hosted,
    preference: hostedPage.preference,
    payPreference: hostedPage.pay,
    async payPix(ref) {
      const [row] = await db
        .update(sandboxCharges)
        .set({ status: 'approved', statusDetail: 'accredited' })
        .where(
          and(
            eq(sandboxCharges.id, ref),
            eq(sandboxCharges.method, 'pix'),
            eq(sandboxCharges.status, 'pending'),
          ),
        )
        .returning();
      if (row) return view(row);
      const [current] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      return current ? view(current) : null;
    },
    // ---- Issue 15, 3DS: the issuer's challenge (its page: http/routes/sandbox-challenge.ts) ----
    async answerChallenge(ref, approved) {
      const authId = `sbx3ds_${randomBytes(12).toString('hex')}`;
      const [row] = await db
        .update(sandboxCharges)
        .set({ statusDetail: `challenge_${approved ? 'ok' : 'denied'}:${authId}` })
        .where(
          and(
            eq(sandboxCharges.id, ref),
            eq(sandboxCharges.status, 'pending'),
            eq(sandboxCharges.statusDetail, 'pending_challenge'),
          ),
        )
        .returning();
      return row ? authId : null;
    },
    async completeChallenge(ref, auth3dsId) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      if (!row) throw new GatewayRefusedError('sandbox: no such charge');
      // Already settled (a repeat, a timeout): answered as it stands.
      if (row.status !== 'pending' || row.method !== 'credit_card') return view(row);
      const answered = ANSWERED.exec(row.statusDetail);
      if (!answered || answered[2] !== auth3dsId)
        throw new GatewayRefusedError("sandbox: this authentication is not the charge's challenge");
      const approved = answered[1] === 'ok';
      const [done] = await db
        .update(sandboxCharges)
        .set(
          approved
            ? { status: 'approved', statusDetail: 'accredited' }
            : { status: 'rejected', statusDetail: 'cc_rejected_3ds_challenge' },
        )
        .where(and(eq(sandboxCharges.id, ref), eq(sandboxCharges.statusDetail, row.statusDetail)))
        .returning();
      if (done) return view(done);
      const [current] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
      return view(current!);
    },
  };
  return gateway;
}

/** The ISPB the sandbox's payer bank answers with (any 8 digits; a real one is the payer's bank's). */
const SANDBOX_PAYER_ISPB = '99999999';

/**
 * Issue 33: the end-to-end id a bank gives a settled Pix (BCB's format: 'E', the payer bank's ISPB
 * in 8 digits, yyyyMMddHHmm in UTC, 11 alphanumerics). The sandbox keeps no column for it, so it
 * is derived from the charge (its id and time): every read of one charge answers the same id.
 */
function pixEndToEndId(chargeId: string, at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  const tail = createHash('sha256').update(chargeId).digest('hex').slice(0, 11).toUpperCase();
  return `E${SANDBOX_PAYER_ISPB}${stamp}${tail}`;
}
