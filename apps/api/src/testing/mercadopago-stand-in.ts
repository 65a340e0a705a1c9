import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TGatewayNotice } from '../adapters/payments/gateway.ts';
import { signMercadoPagoNotification } from '../adapters/payments/mercadopago-webhook.ts';

/**
 * A local stand-in for Mercado Pago's API. This machine cannot reach Mercado Pago, so tests
 * point MERCADOPAGO_API_BASE (and, in the browser, the SDK's calls) here. It follows the
 * documented surface the product uses, and records every request it receives:
 * - POST /v1/card_tokens: what the secure fields send from Mercado Pago's iframes (the card
 *   number never goes anywhere else); the token keeps the first six and last four digits only;
 * - GET /v1/payment_methods/search?bin=: the payment method (brand) and issuer of a BIN;
 * - POST /v1/payments (card token or Pix, X-Idempotency-Key honoured), GET /v1/payments/:id,
 *   GET /v1/payments/search?external_reference= (sort=date_created, criteria asc|desc; newest
 *   first by default), PUT /v1/payments/:id {status:'cancelled'} (pending or in process only);
 * - POST /v1/payments/:id/refunds: no amount is a total refund (of what is left), `amount` a
 *   partial one; each refund joins the payment's `refunds` and `transaction_amount_refunded`; the
 *   payment stays approved (status_detail partially_refunded) until all of it is back, then it is
 *   refunded; beyond what is left, or on a payment not approved: 400 (X-Idempotency-Key honoured).
 * A Pix past its date_of_expiration is cancelled with status_detail expired, as Mercado Pago
 * does, when next read.
 * Faults a test injects into the next charges (`fail`): answer late while the charge is made at
 * once ('late'), 500 without charging ('fail_before'), charge then 500 ('fail_after'), charge then
 * drop the connection ('drop_after').
 * Card outcomes follow Mercado Pago's test cardholder names: APRO approved, CONT in process,
 * OTHE rejected (anything else too).
 */
export type TStandInFault = 'late' | 'fail_before' | 'fail_after' | 'drop_after';

export type TMpStandIn = {
  url: string;
  /** The next `count` POST /v1/payments meet this fault (late answers wait `lateMs`). */
  fail(fault: TStandInFault, count?: number, lateMs?: number): void;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  payments: Map<string, TStandInPayment>;
  /** Sets a payment's status as Mercado Pago would when it settles (a bank pays, review ends). */
  settle(id: string, status: string, statusDetail: string): void;
  /** A pending Pix lapses: Mercado Pago cancels it with status_detail expired. */
  expire(id: string): void;
  close(): Promise<void>;
};
export type TStandInRefund = {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved';
  date_created: string;
  source: { id: string; name: string; type: 'collector' };
  refund_mode: 'standard';
  unique_sequence_number: null;
};
export type TStandInPayment = {
  id: number;
  status: string;
  status_detail: string;
  payment_method_id: string;
  payment_type_id: string;
  currency_id: 'BRL';
  transaction_amount: number;
  transaction_amount_refunded: number;
  external_reference: string;
  date_created: string;
  date_of_expiration?: string;
  card?: { first_six_digits: string; last_four_digits: string };
  point_of_interaction?: { transaction_data: { qr_code: string } };
  refunds: TStandInRefund[];
};

const OUTCOMES: Record<string, [string, string]> = {
  APRO: ['approved', 'accredited'],
  CONT: ['in_process', 'pending_contingency'],
  OTHE: ['rejected', 'cc_rejected_other_reason'],
};
const brandOf = (bin: string) =>
  /^(4011|4312|4389|5041|5067|509|6362|6363)/.test(bin)
    ? 'elo'
    : /^3[47]/.test(bin)
      ? 'amex'
      : /^(5|2[2-7])/.test(bin)
        ? 'master'
        : 'visa';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startMercadoPagoStandIn(accessToken: string): Promise<TMpStandIn> {
  const received: TMpStandIn['received'] = [];
  const tokens = new Map<string, { firstSix: string; lastFour: string; name: string }>();
  const payments = new Map<string, TStandInPayment>();
  const byKey = new Map<string, string>();
  let nextId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const faults: { fault: TStandInFault; lateMs: number }[] = [];
  const refundsByKey = new Map<string, unknown>();
  const cents = (reais: number) => Math.round(reais * 100);
  /** A pending Pix past its date_of_expiration: Mercado Pago cancels it (status_detail expired). */
  const lapse = (payment: TStandInPayment) => {
    if (
      payment.status === 'pending' &&
      payment.date_of_expiration &&
      Date.parse(payment.date_of_expiration) <= Date.now()
    ) {
      payment.status = 'cancelled';
      payment.status_detail = 'expired';
    }
    return payment;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    received.push({ method: request.method ?? '', path: url.pathname + url.search, headers, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        // The browser SDK calls these from the page (connect-src) and the iframes.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
      });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'OPTIONS') return send(204, {});
    const json = (() => {
      try {
        return body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return null;
      }
    })();
    if (!json) return send(400, { message: 'invalid json', status: 400 });
    const publicCall = url.searchParams.has('public_key');
    if (!publicCall && headers.authorization !== `Bearer ${accessToken}`)
      return send(401, { message: 'invalid access token', status: 401 });

    if (request.method === 'POST' && url.pathname === '/v1/card_tokens') {
      const number = String(json.card_number ?? '').replace(/\D/g, '');
      const cardholder = (json.cardholder ?? {}) as { name?: string };
      if (number.length < 13 || !json.security_code)
        return send(400, { message: 'invalid card', status: 400 });
      const id = randomBytes(16).toString('hex');
      tokens.set(id, {
        firstSix: number.slice(0, 6),
        lastFour: number.slice(-4),
        name: cardholder.name ?? '',
      });
      return send(201, {
        id,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        status: 'active',
        luhn_validation: true,
        live_mode: false,
      });
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_methods/search') {
      const bin = url.searchParams.get('bins') ?? url.searchParams.get('bin') ?? '';
      if (!/^\d{6,8}$/.test(bin)) return send(200, { results: [] });
      const id = brandOf(bin);
      return send(200, { results: [{ id, payment_type_id: 'credit_card', issuer: { id: 24, name: id } }] });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payments') {
      const fault = faults.shift();
      if (fault?.fault === 'fail_before') return send(500, { message: 'internal_error', status: 500 });
      const answer = (status: number, value: unknown) => {
        if (fault?.fault === 'fail_after') return send(500, { message: 'internal_error', status: 500 });
        if (fault?.fault === 'drop_after') return request.socket.destroy();
        if (fault?.fault === 'late') return void setTimeout(() => send(status, value), fault.lateMs);
        return send(status, value);
      };
      const key = headers['x-idempotency-key'];
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) return answer(201, payments.get(earlier));
      const amount = Number(json.transaction_amount);
      if (!Number.isFinite(amount) || amount <= 0)
        return send(400, { message: 'transaction_amount attribute must be positive', status: 400 });
      const base = {
        id: nextId++,
        currency_id: 'BRL' as const,
        transaction_amount: amount,
        transaction_amount_refunded: 0,
        external_reference: String(json.external_reference ?? ''),
        date_created: new Date().toISOString(),
        refunds: [],
      };
      let payment: TStandInPayment;
      if (json.payment_method_id === 'pix') {
        payment = {
          ...base,
          status: 'pending',
          status_detail: 'pending_waiting_transfer',
          payment_method_id: 'pix',
          payment_type_id: 'bank_transfer',
          ...(typeof json.date_of_expiration === 'string'
            ? { date_of_expiration: json.date_of_expiration }
            : {}),
          point_of_interaction: {
            transaction_data: {
              qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865802BR`,
            },
          },
        };
      } else {
        const token = tokens.get(String(json.token ?? ''));
        if (!token) return send(400, { message: 'invalid card token', status: 400, cause: [{ code: 2006 }] });
        tokens.delete(String(json.token));
        const [status, detail] = OUTCOMES[token.name.split(' ')[0]!.toUpperCase()] ?? OUTCOMES.OTHE!;
        payment = {
          ...base,
          status,
          status_detail: detail,
          payment_method_id: String(json.payment_method_id ?? brandOf(token.firstSix)),
          payment_type_id: 'credit_card',
          card: { first_six_digits: token.firstSix, last_four_digits: token.lastFour },
        };
      }
      payments.set(String(payment.id), payment);
      if (key) byKey.set(key, String(payment.id));
      return answer(201, payment);
    }
    if (request.method === 'GET' && url.pathname === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const ascending = url.searchParams.get('criteria') === 'asc';
      const results = [...payments.values()]
        .filter((p) => reference === null || p.external_reference === reference)
        .map(lapse)
        .sort((a, b) => (ascending ? a.id - b.id : b.id - a.id));
      return send(200, {
        paging: { total: results.length, limit: 30, offset: 0 },
        results: results.slice(0, 30),
      });
    }
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (request.method === 'POST' && refund) {
      const key = headers['x-idempotency-key'];
      if (key && refundsByKey.has(key)) return send(201, refundsByKey.get(key));
      const payment = payments.get(refund[1]!);
      if (!payment) return send(404, { message: 'Payment not found', status: 404, cause: [{ code: 2000 }] });
      lapse(payment);
      const left = cents(payment.transaction_amount) - cents(payment.transaction_amount_refunded);
      if (payment.status !== 'approved' || left <= 0)
        return send(400, {
          message: 'The action requested is not valid for the current payment state',
          status: 400,
          cause: [{ code: 2063 }],
        });
      const asked = json.amount === undefined ? left : Math.round(Number(json.amount) * 100);
      if (!Number.isFinite(asked) || asked <= 0)
        return send(400, {
          message: 'amount attribute must be positive',
          status: 400,
          cause: [{ code: 4040 }],
        });
      if (asked > left)
        return send(400, { message: 'Invalid refund amount', status: 400, cause: [{ code: 2063 }] });
      const made: TStandInRefund = {
        id: nextId++,
        payment_id: payment.id,
        amount: asked / 100,
        status: 'approved',
        date_created: new Date().toISOString(),
        source: { id: '1', name: 'Bilheto', type: 'collector' },
        refund_mode: 'standard',
        unique_sequence_number: null,
      };
      payment.refunds.push(made);
      payment.transaction_amount_refunded = (cents(payment.transaction_amount_refunded) + asked) / 100;
      const whole = asked === left;
      payment.status = whole ? 'refunded' : 'approved';
      payment.status_detail = whole ? 'refunded' : 'partially_refunded';
      if (key) refundsByKey.set(key, made);
      return send(201, made);
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const payment = payments.get(one[1]!);
      return payment ? send(200, lapse(payment)) : send(404, { message: 'not found', status: 404 });
    }
    if (request.method === 'PUT' && one) {
      const payment = payments.get(one[1]!);
      if (!payment) return send(404, { message: 'Payment not found', status: 404, cause: [{ code: 2000 }] });
      if (json.status !== 'cancelled') return send(400, { message: 'invalid status', status: 400 });
      if (!['pending', 'in_process', 'authorized'].includes(lapse(payment).status))
        return send(400, {
          message: 'The action requested is not valid for the current payment state',
          status: 400,
          cause: [{ code: 2063 }],
        });
      payment.status = 'cancelled';
      payment.status_detail = 'by_collector';
      return send(200, payment);
    }
    return send(404, { message: 'not found', status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    payments,
    fail(fault, count = 1, lateMs = 0) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, lateMs });
    },
    settle(id, status, statusDetail) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
      payment.status_detail = statusDetail;
    },
    expire(id) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.date_of_expiration = new Date(Date.now() - 1000).toISOString();
      lapse(payment);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A notification as Mercado Pago sends it for a payment, signed with the webhook secret. */
export function mercadoPagoNotification(
  secret: string,
  paymentId: string,
  ts = String(Math.floor(Date.now() / 1000)),
) {
  const requestId = randomUUID();
  return {
    path: `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signMercadoPagoNotification(secret, paymentId, requestId, ts),
      },
      body: JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        type: 'payment',
        live_mode: false,
        data: { id: paymentId },
      }),
    } satisfies RequestInit,
  };
}

/**
 * The same notification as our webhook route hands it to the adapter (TGatewayNotice): signed with
 * the secret, or with another one (`signed: false`), dated `ageSeconds` back (a replayed capture).
 */
export function mercadoPagoNotice(
  secret: string,
  paymentId: string,
  options: { signed: boolean; ageSeconds?: number },
): TGatewayNotice {
  const ts = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
  const { path, init } = mercadoPagoNotification(options.signed ? secret : `not-${secret}`, paymentId, ts);
  const query = Object.fromEntries(new URL(path, 'http://bilheto').searchParams);
  const headers = new Map(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    query,
    header: (name) => headers.get(name.toLowerCase()),
    rawBody: init.body,
    body: JSON.parse(init.body) as unknown,
  };
}
