import { randomBytes, randomUUID } from 'node:crypto';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';

/*
 * The objects of the Stripe stand-in (stripe-stand-in.ts) and how they move, as Stripe's API
 * reference describes them: PaymentMethods, PaymentIntents with their latest charge, Radar
 * reviews, refunds. The HTTP side (keys, idempotency, faults, search) is in stripe-stand-in.ts.
 */
export type TObject = Record<string, unknown>;
export type TStandInIntent = TObject & {
  id: string;
  status: string;
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: TObject | null;
  next_action: TObject | null;
};
export type TStandInCharge = TObject & {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  review: string | null;
};

export const now = () => Math.floor(Date.now() / 1000);
export const id = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const brandOf = (number: string) =>
  /^3[47]/.test(number)
    ? 'amex'
    : /^(5[1-5]|2[2-7])/.test(number)
      ? 'mastercard'
      : /^4/.test(number)
        ? 'visa'
        : 'unknown';

/** Parses Stripe's form encoding (a[b][0]=x) into objects and arrays. */
export function parseStripeForm(body: string): TObject {
  const root: TObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: TObject = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as TObject;
      }
    }
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as TObject).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as TObject;
}

export const stripeError = (type: string, message: string, extra: TObject = {}) => ({
  error: { type, message, ...extra },
});

export type TStripeLedger = ReturnType<typeof createStripeLedger>;

export function createStripeLedger() {
  const methods = new Map<string, { brand: string; last4: string; number: string; used: boolean }>();
  const intents = new Map<string, TStandInIntent>();
  const charges = new Map<string, TStandInCharge>();
  const reviews = new Map<string, TObject & { open: boolean; payment_intent: string }>();

  const chargeFor = (
    pi: TStandInIntent,
    details: TObject,
    status: string,
    outcome: TObject,
    review: string | null,
  ) => {
    const charge: TStandInCharge = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: status === 'succeeded' ? pi.amount : 0,
      amount_refunded: 0,
      refunded: false,
      captured: status === 'succeeded',
      paid: status === 'succeeded',
      status,
      currency: pi.currency,
      created: now(),
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      payment_method_details: details,
      outcome,
      review,
      metadata: pi.metadata,
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  };

  /** The intent as Stripe renders it, with latest_charge (and its review) expanded when asked. */
  const render = (pi: TStandInIntent, expand: string[]) => {
    const out: TObject = { ...pi };
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (charge && expand.some((e) => e === 'latest_charge' || e.startsWith('latest_charge.'))) {
      const review = charge.review ? reviews.get(charge.review) : undefined;
      out.latest_charge = {
        ...charge,
        review: review && expand.includes('latest_charge.review') ? review : charge.review,
      };
    }
    return out;
  };

  /** A card or Pix PaymentIntent, created and confirmed as POST /v1/payment_intents with confirm=true does. */
  const createIntent = (p: TObject): [number, unknown] => {
    const amount = Number(p.amount);
    const currency = String(p.currency ?? '');
    if (!Number.isInteger(amount) || amount < 50)
      return [
        400,
        stripeError('invalid_request_error', 'Amount must be at least 50 cents', {
          code: 'amount_too_small',
          param: 'amount',
        }),
      ];
    if (!['brl', 'usd'].includes(currency))
      return [
        400,
        stripeError('invalid_request_error', `Invalid currency: ${currency}.`, {
          code: 'parameter_invalid_empty',
          param: 'currency',
        }),
      ];
    const pi: TStandInIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      created: now(),
      status: 'requires_payment_method',
      description: p.description ?? null,
      receipt_email: p.receipt_email ?? null,
      metadata: (p.metadata ?? {}) as Record<string, string>,
      allowed_payment_method_types: p.allowed_payment_method_types ?? ['card'],
      payment_method_types: p.allowed_payment_method_types ?? ['card'],
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      client_secret: `${randomBytes(8).toString('hex')}_secret_${randomBytes(12).toString('hex')}`,
      livemode: false,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    const pix = (p.payment_method_data as TObject | undefined)?.type === 'pix';
    if (pix) {
      if (currency !== 'brl')
        return [
          400,
          stripeError('invalid_request_error', 'Pix only supports brl.', {
            code: 'payment_intent_invalid_parameter',
          }),
        ];
      const options = ((p.payment_method_options as TObject | undefined)?.pix ?? {}) as TObject;
      const expiresAt = options.expires_at
        ? Number(options.expires_at)
        : now() + Number(options.expires_after_seconds ?? 14_400);
      pi.payment_method = id('pm');
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'pix_display_qr_code',
        pix_display_qr_code: {
          // A well-formed dynamic-looking BR Code (EMV, CRC16) for the amount, as a bank app reads it.
          data:
            generatePixPayload({
              key: 'pagamentos@bilheto.com.br',
              merchantName: 'Bilheto Teste',
              merchantCity: 'Sao Paulo',
              amount: amount / 100,
              txid: pi.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
            }) ?? '',
          expires_at: expiresAt,
          hosted_instructions_url: `https://payments.stripe.com/pix/instructions/${pi.id}`,
          image_url_png: `https://qr.stripe.com/${pi.id}.png`,
          image_url_svg: `https://qr.stripe.com/${pi.id}.svg`,
        },
      };
      intents.set(pi.id, pi);
      return [200, pi];
    }
    const method = methods.get(String(p.payment_method ?? ''));
    if (!method)
      return [
        400,
        stripeError('invalid_request_error', `No such PaymentMethod: '${String(p.payment_method ?? '')}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        }),
      ];
    if (method.used)
      return [
        400,
        stripeError(
          'invalid_request_error',
          'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment.',
          { code: 'payment_method_unexpected_state' },
        ),
      ];
    method.used = true;
    pi.payment_method = String(p.payment_method);
    const details = {
      type: 'card',
      card: { brand: method.brand, last4: method.last4, country: 'BR', funding: 'credit' },
    };
    intents.set(pi.id, pi);
    const decline = { '4000000000000002': 'generic_decline', '4000000000009995': 'insufficient_funds' }[
      method.number
    ];
    if (decline) {
      const charge = chargeFor(
        pi,
        details,
        'failed',
        {
          network_status: 'declined_by_network',
          type: 'issuer_declined',
          reason: decline,
          risk_level: 'normal',
        },
        null,
      );
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline,
        message:
          decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
        charge: charge.id,
        payment_method: { id: pi.payment_method, type: 'card' },
      };
      return [402, { error: { ...pi.last_payment_error, payment_intent: pi } }];
    }
    let review: string | null = null;
    let outcome: TObject = {
      network_status: 'approved_by_network',
      type: 'authorized',
      risk_level: 'normal',
      seller_message: 'Payment complete.',
    };
    if (method.number === '4000000000009235') {
      review = id('prv');
      reviews.set(review, {
        id: review,
        object: 'review',
        open: true,
        reason: 'rule',
        opened_reason: 'rule',
        closed_reason: null,
        payment_intent: pi.id,
        created: now(),
      });
      outcome = {
        network_status: 'approved_by_network',
        type: 'manual_review',
        reason: 'elevated_risk_level',
        risk_level: 'elevated',
        seller_message: 'Stripe evaluated this payment as having elevated risk, and placed it in review.',
      };
    }
    const charge = chargeFor(pi, details, 'succeeded', outcome, review);
    if (review) reviews.get(review)!.charge = charge.id;
    pi.status = 'succeeded';
    pi.amount_received = amount;
    return [200, pi];
  };

  const refund = (p: TObject): [number, unknown] => {
    const pi = intents.get(String(p.payment_intent ?? ''));
    if (!pi)
      return [
        404,
        stripeError('invalid_request_error', `No such payment_intent: '${String(p.payment_intent)}'`, {
          code: 'resource_missing',
        }),
      ];
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    if (!charge || pi.status !== 'succeeded')
      return [
        400,
        stripeError(
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
          { code: 'charge_not_refundable' },
        ),
      ];
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0)
      return [
        400,
        stripeError('invalid_request_error', `Charge ${charge.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        }),
      ];
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return [
        400,
        stripeError(
          'invalid_request_error',
          `Refund amount is greater than unrefunded amount on charge (${left})`,
          { code: 'amount_too_large', param: 'amount' },
        ),
      ];
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return [
      200,
      {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: pi.id,
        currency: pi.currency,
        status: 'succeeded',
        created: now(),
      },
    ];
  };

  /** POST /v1/payment_methods as Stripe.js's Payment Element sends it: the card kept as brand and last four. */
  const createMethod = (params: TObject): [number, unknown] => {
    const card = (params.card ?? {}) as TObject;
    const number = String(card.number ?? '').replace(/\D/g, '');
    if (params.type !== 'card' || number.length < 13 || !card.cvc || !card.exp_month || !card.exp_year)
      return [
        402,
        stripeError('card_error', 'Your card number is incorrect.', {
          code: 'incorrect_number',
          param: 'number',
        }),
      ];
    const pm = { id: id('pm'), brand: brandOf(number), last4: number.slice(-4), number, used: false };
    methods.set(pm.id, pm);
    return [
      200,
      {
        id: pm.id,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: pm.brand,
          last4: pm.last4,
          exp_month: Number(card.exp_month),
          exp_year: Number(card.exp_year),
          country: 'BR',
          funding: 'credit',
        },
        created: now(),
        livemode: false,
      },
    ];
  };

  /** What Stripe does on its own: a bank pays a Pix, a Pix lapses unpaid, a review is approved. */
  const settle = (piId: string, to: 'approved' | 'expired') => {
    const pi = intents.get(piId);
    if (!pi) throw new Error(`no PaymentIntent ${piId}`);
    const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
    const review = charge?.review ? reviews.get(charge.review) : undefined;
    if (to === 'approved' && review?.open)
      Object.assign(review, { open: false, reason: 'approved', closed_reason: 'approved' });
    else if (to === 'approved' && pi.status === 'requires_action') {
      chargeFor(
        pi,
        { type: 'pix', pix: { bank_transaction_id: randomUUID() } },
        'succeeded',
        { network_status: 'approved_by_network', type: 'authorized' },
        null,
      );
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, next_action: null });
    } else if (to === 'expired' && pi.status === 'requires_action')
      Object.assign(pi, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_payment_attempt_expired',
          message: 'The payment attempt has expired.',
          payment_method: { id: pi.payment_method, type: 'pix' },
        },
      });
  };

  return { methods, intents, charges, reviews, createMethod, createIntent, refund, render, settle };
}
