import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signStripeNotice } from '../adapters/payments/stripe-webhook.ts';

/**
 * A local stand-in for Stripe's API (https://docs.stripe.com/api). This machine cannot reach
 * Stripe, so tests point STRIPE_API_BASE (and, in the browser, Stripe.js's calls) here. It speaks
 * what the official SDK and Stripe.js send — form-encoded bodies with bracketed keys, Bearer keys,
 * Idempotency-Key, expand[] — and answers Stripe's shapes and errors, recording every request:
 * - POST /v1/payment_methods (type=card, card[number|exp_month|exp_year|cvc], key=<publishable>):
 *   what Stripe.js's Payment Element iframe sends; only the brand and last four are kept;
 * - POST /v1/payment_intents (confirm=true with a card PaymentMethod, or payment_method_data[type]=pix),
 *   GET /v1/payment_intents/:id, GET /v1/payment_intents (newest first), GET
 *   /v1/payment_intents/search?query=metadata['k']:'v' (eventually consistent: `searchLagMs`),
 *   POST /v1/payment_intents/:id/cancel, POST /v1/refunds, POST /v1/reviews/:id/approve.
 * Idempotency keys are honoured as Stripe does: the same key and parameters replay the first
 * answer (a decline too), the same key with other parameters is a 400 idempotency_error.
 * Card outcomes follow Stripe's documented test cards (https://docs.stripe.com/testing):
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (card_declined), 4000 0000 0000
 * 9995 is declined (insufficient_funds), 4000 0000 0000 9235 succeeds with an elevated risk level
 * and is placed in a Radar review (https://docs.stripe.com/radar/testing).
 * Faults a test injects into the next POST /v1/payment_intents (`fail`): answer late while the
 * intent is made at once ('late'), 500 without making it ('fail_before'), make it then 500
 * ('fail_after'), make it then drop the connection ('drop_after').
 */
export type TStripeFault = 'late' | 'fail_before' | 'fail_after' | 'drop_after';

type TObject = Record<string, unknown>;
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
type TCharge = TObject & {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  review: string | null;
};

export type TStripeStandIn = {
  url: string;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  intents: Map<string, TStandInIntent>;
  charges: Map<string, TCharge>;
  /** The next `count` POST /v1/payment_intents meet this fault (late answers wait `lateMs`). */
  fail(fault: TStripeFault, count?: number, lateMs?: number): void;
  /** Intents younger than this are not found by search yet (Stripe's search is eventually consistent). */
  searchLagMs: number;
  /** What Stripe does on its own: a bank pays a Pix, a Pix lapses unpaid, a review is approved. */
  settle(id: string, to: 'approved' | 'expired'): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
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

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const stripeError = (type: string, message: string, extra: TObject = {}) => ({
  error: { type, message, ...extra },
});

export async function startStripeStandIn(keys: {
  secretKey: string;
  publishableKey: string;
}): Promise<TStripeStandIn> {
  const received: TStripeStandIn['received'] = [];
  const methods = new Map<string, { brand: string; last4: string; number: string; used: boolean }>();
  const intents = new Map<string, TStandInIntent>();
  const charges = new Map<string, TCharge>();
  const reviews = new Map<string, TObject & { open: boolean; payment_intent: string }>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const faults: { fault: TStripeFault; lateMs: number }[] = [];
  let searchLagMs = 0;

  const chargeFor = (
    pi: TStandInIntent,
    details: TObject,
    status: string,
    outcome: TObject,
    review: string | null,
  ) => {
    const charge: TCharge = {
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
          data: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865406${(amount / 100).toFixed(2).padStart(6, '0')}5802BR5913Bilheto Teste6009Sao Paulo62070503***6304ABCD`,
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

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    received.push({ method: request.method ?? '', path: url.pathname + url.search, headers, body });
    const send = (status: number, value: unknown, extra: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        // Stripe.js calls the API from its iframes' origin.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, authorization',
        ...extra,
      });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'OPTIONS') return send(204, {});
    const params = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const expand = ((params.expand ?? []) as string[]).map((e) => e.replace(/^data\./, ''));
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? String(params.key ?? '');

    if (request.method === 'POST' && url.pathname === '/v1/payment_methods') {
      if (bearer !== keys.publishableKey && bearer !== keys.secretKey)
        return send(401, stripeError('invalid_request_error', 'Invalid API Key provided'));
      const card = (params.card ?? {}) as TObject;
      const number = String(card.number ?? '').replace(/\D/g, '');
      if (params.type !== 'card' || number.length < 13 || !card.cvc || !card.exp_month || !card.exp_year)
        return send(
          402,
          stripeError('card_error', 'Your card number is incorrect.', {
            code: 'incorrect_number',
            param: 'number',
          }),
        );
      const pm = { id: id('pm'), brand: brandOf(number), last4: number.slice(-4), number, used: false };
      methods.set(pm.id, pm);
      return send(200, {
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
      });
    }
    if (bearer !== keys.secretKey)
      return send(401, stripeError('invalid_request_error', 'Invalid API Key provided'));

    const key = request.method === 'POST' ? headers['idempotency-key'] : undefined;
    const scoped = key ? `${url.pathname} ${key}` : undefined;
    const earlier = scoped ? idempotent.get(scoped) : undefined;
    if (earlier && earlier.body !== body)
      return send(
        400,
        stripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        ),
      );
    /** Answers, remembering the answer under the idempotency key (requests refused before running are not kept). */
    const answer = (status: number, value: unknown, keep = status !== 400 && status !== 401) => {
      if (scoped && keep && !earlier) idempotent.set(scoped, { body, status, answer: value });
      return send(status, value, earlier ? { 'idempotent-replayed': 'true' } : {});
    };

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const fault = faults.shift();
      if (fault?.fault === 'fail_before' && !earlier)
        return send(500, stripeError('api_error', 'An unknown error occurred'));
      const [status, value] = earlier ? [earlier.status, earlier.answer] : createIntent(params);
      const pi = (value as { id?: string; error?: { payment_intent?: { id: string } } }) ?? {};
      const made = intents.get(pi.id ?? pi.error?.payment_intent?.id ?? '');
      const shown = made && status === 200 ? render(made, expand) : value;
      if (scoped && !earlier && status !== 400) idempotent.set(scoped, { body, status, answer: shown });
      if (fault?.fault === 'fail_after')
        return send(500, stripeError('api_error', 'An unknown error occurred'));
      if (fault?.fault === 'drop_after') return void request.socket.destroy();
      if (fault?.fault === 'late') return void setTimeout(() => send(status, shown), fault.lateMs);
      return send(status, shown, earlier ? { 'idempotent-replayed': 'true' } : {});
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const query = /^metadata\['([\w-]+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(String(params.query ?? '').trim());
      if (!query)
        return send(
          400,
          stripeError('invalid_request_error', 'Unsupported search query', { param: 'query' }),
        );
      const [, field, wanted] = query;
      const value = wanted!.replace(/\\(.)/g, '$1');
      const visible = Date.now() / 1000 - searchLagMs / 1000;
      const data = [...intents.values()]
        .filter((pi) => pi.metadata[field!] === value && pi.created <= visible)
        .map((pi) => render(pi, expand));
      return send(200, {
        object: 'search_result',
        data,
        has_more: false,
        next_page: null,
        url: '/v1/payment_intents/search',
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents') {
      const limit = Math.min(100, Number(params.limit ?? 10));
      const all = [...intents.values()].reverse();
      return send(200, {
        object: 'list',
        data: all.slice(0, limit).map((pi) => render(pi, expand)),
        has_more: all.length > limit,
        url: '/v1/payment_intents',
      });
    }
    const one = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(url.pathname);
    if (one) {
      const pi = intents.get(one[1]!);
      if (!pi)
        return send(
          404,
          stripeError('invalid_request_error', `No such payment_intent: '${one[1]}'`, {
            code: 'resource_missing',
            param: 'intent',
          }),
        );
      if (request.method === 'GET' && !one[2]) return send(200, render(pi, expand));
      if (request.method === 'POST' && one[2]) {
        if (['succeeded', 'canceled'].includes(pi.status))
          return answer(
            400,
            stripeError(
              'invalid_request_error',
              `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
              { code: 'payment_intent_unexpected_state' },
            ),
            false,
          );
        pi.status = 'canceled';
        pi.next_action = null;
        pi.cancellation_reason = params.cancellation_reason ?? null;
        return answer(200, render(pi, expand));
      }
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (earlier) return send(earlier.status, earlier.answer, { 'idempotent-replayed': 'true' });
      const [status, value] = refund(params);
      return answer(status, value, status === 200);
    }
    const approve = /^\/v1\/reviews\/(prv_\w+)\/approve$/.exec(url.pathname);
    if (request.method === 'POST' && approve) {
      const review = reviews.get(approve[1]!);
      if (!review)
        return send(
          404,
          stripeError('invalid_request_error', 'No such review', { code: 'resource_missing' }),
        );
      Object.assign(review, { open: false, reason: 'approved', closed_reason: 'approved' });
      return send(200, review);
    }
    return send(
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    intents,
    charges,
    get searchLagMs() {
      return searchLagMs;
    },
    set searchLagMs(value: number) {
      searchLagMs = value;
    },
    fail(fault, count = 1, lateMs = 0) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, lateMs });
    },
    settle(piId, to) {
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
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An event as Stripe posts it to a webhook endpoint, about an object in its current state. */
export function stripeEvent(type: string, object: unknown, created = now()) {
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** A notice signed as Stripe signs it (Stripe-Signature: t=…,v1=…), optionally dated back. */
export function stripeNotice(secret: string, rawBody: string, ageSeconds = 0) {
  return { rawBody, signature: signStripeNotice(rawBody, secret, now() - ageSeconds) };
}
