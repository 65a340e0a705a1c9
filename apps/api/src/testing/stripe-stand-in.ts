import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signStripeNotice } from '../adapters/payments/stripe/webhook.ts';
import {
  createStripeLedger,
  id,
  now,
  parseStripeForm,
  stripeError,
  type TStandInCharge,
  type TStandInIntent,
} from './stripe-stand-in-ledger.ts';

export { parseStripeForm, type TStandInIntent } from './stripe-stand-in-ledger.ts';

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

export type TStripeStandIn = {
  url: string;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  intents: Map<string, TStandInIntent>;
  charges: Map<string, TStandInCharge>;
  /** The next `count` POST /v1/payment_intents meet this fault (late answers wait `lateMs`). */
  fail(fault: TStripeFault, count?: number, lateMs?: number): void;
  /** Intents younger than this are not found by search yet (Stripe's search is eventually consistent). */
  searchLagMs: number;
  /** What Stripe does on its own: a bank pays a Pix, a Pix lapses unpaid, a review is approved. */
  settle(id: string, to: 'approved' | 'expired'): void;
  close(): Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startStripeStandIn(keys: {
  secretKey: string;
  publishableKey: string;
}): Promise<TStripeStandIn> {
  const received: TStripeStandIn['received'] = [];
  const ledger = createStripeLedger();
  const { intents, charges, reviews } = ledger;
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const faults: { fault: TStripeFault; lateMs: number }[] = [];
  let searchLagMs = 0;

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
      return send(...ledger.createMethod(params));
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
      const [status, value] = earlier ? [earlier.status, earlier.answer] : ledger.createIntent(params);
      const pi = (value as { id?: string; error?: { payment_intent?: { id: string } } }) ?? {};
      const made = intents.get(pi.id ?? pi.error?.payment_intent?.id ?? '');
      const shown = made && status === 200 ? ledger.render(made, expand) : value;
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
        .map((pi) => ledger.render(pi, expand));
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
        data: all.slice(0, limit).map((pi) => ledger.render(pi, expand)),
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
      if (request.method === 'GET' && !one[2]) return send(200, ledger.render(pi, expand));
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
        return answer(200, ledger.render(pi, expand));
      }
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (earlier) return send(earlier.status, earlier.answer, { 'idempotent-replayed': 'true' });
      const [status, value] = ledger.refund(params);
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
    settle: ledger.settle,
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
