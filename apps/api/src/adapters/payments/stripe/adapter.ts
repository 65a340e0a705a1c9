import { readFileSync } from 'node:fs';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import Stripe from 'stripe';
import { CARD_AND_PIX, cardFormBrowser, viewed } from '../adapter-parts.ts';
import {
  GatewayRefusedError,
  type TCardChargeInput,
  type TCharge,
  type TPaymentGateway,
} from '../gateway.ts';
import { STRIPE_ORIGINS } from './origins.ts';
import { STRIPE } from './settings.ts';
import { verifyStripeNotice } from './webhook.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
const INTENT = /^pi_\w{1,100}$/;
/** Where our payment id rides on every PaymentIntent (metadata is Stripe's own reference field). */
const REF_KEY = 'external_ref';
/** The charge and its Radar review come with every PaymentIntent we read (refunds, brand, review). */
const EXPAND = ['latest_charge.review'];

type TIntent = Stripe.PaymentIntent;

const chargeOf = (pi: TIntent) => (typeof pi.latest_charge === 'object' ? pi.latest_charge : null);

/**
 * A PaymentIntent in the statuses of commerce §4 (docs/payments.md, "Stripe"):
 * succeeded → approved (refunded once the charge is wholly refunded; in_process while Radar holds
 * it in an open review), processing → in_process, requires_action → pending (a Pix QR code, a
 * card challenge), requires_payment_method after an attempt → rejected (expired when the attempt
 * was a Pix that lapsed), requires_capture → authorized, canceled → cancelled.
 */
function statusOf(pi: TIntent): { status: TPaymentStatus; detail: string } {
  const error = pi.last_payment_error;
  switch (pi.status) {
    case 'succeeded': {
      const charge = chargeOf(pi);
      if (charge?.refunded) return { status: 'refunded', detail: 'refunded' };
      const review = charge && typeof charge.review === 'object' ? charge.review : null;
      if (review?.open) return { status: 'in_process', detail: `review_${review.reason}` };
      return { status: 'approved', detail: 'succeeded' };
    }
    case 'processing':
      return { status: 'in_process', detail: 'processing' };
    case 'requires_action':
      return { status: 'pending', detail: pi.next_action?.type ?? 'requires_action' };
    case 'requires_payment_method':
      if (error?.code === 'payment_intent_payment_attempt_expired')
        return { status: 'expired', detail: error.code };
      if (error) return { status: 'rejected', detail: error.decline_code ?? error.code ?? 'declined' };
      return { status: 'pending', detail: 'requires_payment_method' };
    case 'requires_confirmation':
      return { status: 'pending', detail: 'requires_confirmation' };
    case 'requires_capture':
      return { status: 'authorized', detail: 'requires_capture' };
    case 'canceled':
      return { status: 'cancelled', detail: pi.cancellation_reason ?? 'canceled' };
    default:
      return { status: 'failed', detail: String(pi.status) };
  }
}

const view = (pi: TIntent): TCharge => {
  const { status, detail } = statusOf(pi);
  return {
    ref: pi.id,
    status,
    statusDetail: detail,
    // The PaymentIntent's amount, in the currency's smallest unit (cents for BRL and USD).
    amountCents: typeof pi.amount === 'number' ? pi.amount : null,
    currency: pi.currency ? pi.currency.toUpperCase() : null,
    externalRef: pi.metadata?.[REF_KEY] || undefined,
    refundedCents: chargeOf(pi)?.amount_refunded ?? 0,
  };
};

/**
 * Stripe's answer as this project's outcomes: a 4xx refused the request (nothing was charged), a
 * StripeConnectionError (a timeout, a dropped connection) or a 5xx left it unknown.
 */
function refusalOf(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    // 429 (rate limit) and 409 (the same key still in flight) say nothing of the outcome.
    if (status >= 400 && status < 500 && status !== 429 && status !== 409)
      throw new GatewayRefusedError(`stripe answered ${status} ${error.code ?? error.type}`);
    throw new Error(`stripe: ${error.type} ${status || ''} ${error.message}`.trim());
  }
  throw error;
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/**
 * A client of Stripe's PaymentIntents API through the official SDK (stripe-node). Cards: the
 * browser's Payment Element makes a PaymentMethod (stripe-card-form.js, "finalize payments on the
 * server"), and the server creates and confirms the PaymentIntent with it in one call. Pix: a
 * PaymentIntent of type pix whose next_action carries the BR Code. This machine cannot reach
 * Stripe: tests point STRIPE_API_BASE at a local stand-in of the documented API
 * (testing/stripe-stand-in.ts).
 */
export function createStripeGateway(options: {
  secretKey: string;
  publishableKey: string;
  /** The endpoint's signing secret (whsec_…, Developers > Webhooks). */
  webhookSecret: string;
  base?: string;
  timeoutMs?: number;
  interestBp?: number;
}): TPaymentGateway {
  const base = new URL(options.base ?? 'https://api.stripe.com');
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? 15_000,
    // No retries inside the SDK: an unknown outcome is the reconciler's to settle (findByExternalRef).
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const retrieve = async (ref: string) => {
    if (!INTENT.test(ref)) return null;
    try {
      return await stripe.paymentIntents.retrieve(ref, { expand: EXPAND });
    } catch (error) {
      if (isMissing(error)) return null;
      return refusalOf(error);
    }
  };
  /**
   * The newest PaymentIntent made with our reference. Stripe's search is eventually consistent
   * (an intent made a moment ago may not be searchable yet), so when it finds none the newest
   * hundred intents are listed too: the case that matters — an answer lost a moment ago — is
   * among them unless a hundred others were made since (then search has caught up, usually
   * within a minute, before the reconciler's grace period ends).
   */
  const findByRef = async (externalRef: string): Promise<TIntent | null> => {
    const newest = (intents: TIntent[]) =>
      intents
        .filter((pi) => pi.metadata?.[REF_KEY] === externalRef)
        .sort((a, b) => b.created - a.created)[0] ?? null;
    try {
      const query = `metadata['${REF_KEY}']:'${externalRef.replace(/['\\]/g, '\\$&')}'`;
      const found = await stripe.paymentIntents.search({
        query,
        limit: 10,
        expand: EXPAND.map((e) => `data.${e}`),
      });
      return (
        newest(found.data) ??
        newest(
          (await stripe.paymentIntents.list({ limit: 100, expand: EXPAND.map((e) => `data.${e}`) })).data,
        )
      );
    } catch (error) {
      return refusalOf(error);
    }
  };
  // An intent under our reference (its metadata and idempotency key), confirmed at once.
  const createIntent = (
    input: Pick<TCardChargeInput, 'externalRef' | 'description' | 'payerEmail'>,
    params: Omit<
      Stripe.PaymentIntentCreateParams,
      'confirm' | 'description' | 'receipt_email' | 'metadata' | 'expand'
    >,
  ) =>
    stripe.paymentIntents.create(
      {
        ...params,
        confirm: true,
        description: input.description,
        receipt_email: input.payerEmail,
        metadata: { [REF_KEY]: input.externalRef },
        expand: EXPAND,
      },
      { idempotencyKey: input.externalRef },
    );
  const cardView = (pi: TIntent) => {
    const card = chargeOf(pi)?.payment_method_details?.card;
    return { ...view(pi), brand: card?.brand ?? '', last4: card?.last4 ?? '' };
  };
  return {
    kind: 'stripe',
    browser: cardFormBrowser(
      { path: STRIPE.cardFormPath, source: CARD_FORM },
      options.publishableKey,
      STRIPE_ORIGINS,
    ),
    webhook: {
      path: STRIPE.webhookPath,
      // Stripe's events carry the whole object (a PaymentIntent with its charge): larger than most.
      maxBytes: 64 * 1024,
      verify: (notice) =>
        verifyStripeNotice(notice.rawBody, notice.header('stripe-signature'), options.webhookSecret),
    },
    // 3-D Secure (requires_action on a card) is a later issue; such a card stays pending.
    capabilities: { ...CARD_AND_PIX },
    // A Brazilian account presents cards in reais and dollars; Pix moves reais only.
    currencies: { card: ['BRL', 'USD'], pix: ['BRL'] },
    interestBp: options.interestBp ?? 299,
    // Stripe documents installments for Mexico, Japan and Mastercard Installments, not Brazil.
    maxInstallments: 1,
    async chargeCard(input) {
      if (!['BRL', 'USD'].includes(input.currency))
        throw new GatewayRefusedError(`Stripe is configured for BRL and USD, not ${input.currency}`);
      if (input.installments !== 1) throw new GatewayRefusedError('Stripe takes no installments in Brazil');
      try {
        const pi = await createIntent(input, {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          payment_method: input.token,
          allowed_payment_method_types: ['card'],
        });
        return cardView(pi);
      } catch (error) {
        // A decline is a 402 carrying the PaymentIntent, now requires_payment_method: an answer.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          const pi = await retrieve(error.payment_intent.id);
          if (pi) return cardView(pi);
        }
        // The same reference with other parameters (a new PaymentMethod for a retried attempt):
        // Stripe refuses to reuse the key, so the charge already made under it is the answer.
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          const earlier = await findByRef(input.externalRef);
          if (earlier) return cardView(earlier);
          throw new Error(`stripe: the key ${input.externalRef} was used, its intent not found yet`);
        }
        return refusalOf(error);
      }
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      try {
        const pi = await createIntent(input, {
          amount: input.amountCents,
          currency: 'brl',
          allowed_payment_method_types: ['pix'],
          payment_method_data: { type: 'pix' },
          payment_method_options: { pix: { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } },
        });
        return { ...view(pi), payload: pi.next_action?.pix_display_qr_code?.data ?? '' };
      } catch (error) {
        return refusalOf(error);
      }
    },
    async getCharge(ref) {
      return viewed(await retrieve(ref), view);
    },
    async findByExternalRef(externalRef) {
      return viewed(await findByRef(externalRef), view);
    },
    async cancel(ref) {
      if (!INTENT.test(ref)) return null;
      try {
        return view(await stripe.paymentIntents.cancel(ref, { expand: EXPAND }));
      } catch {
        // Not cancellable any more (a Pix paid meanwhile): report the intent as it stands.
        return viewed(await retrieve(ref), view);
      }
    },
    async refund(ref, amountCents) {
      const pi = await retrieve(ref);
      if (!pi) throw new GatewayRefusedError(`stripe has no PaymentIntent ${ref}`);
      const charge = chargeOf(pi);
      const refunded = charge?.amount_refunded ?? 0;
      const left = (charge?.amount ?? pi.amount) - refunded;
      if (left <= 0) return;
      const amount = Math.min(amountCents ?? left, left);
      try {
        await stripe.refunds.create(
          { payment_intent: ref, amount },
          // Idempotent per (intent, amount already refunded): a repeat changes nothing.
          { idempotencyKey: `refund-${ref}-${refunded}-${amount}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
        refusalOf(error);
      }
    },
  };
}
