import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signMercadoPagoNotification } from '../adapters/payments/mercadopago-webhook.ts';

/**
 * A local stand-in for Mercado Pago's API. This machine cannot reach Mercado Pago, so tests
 * point MERCADOPAGO_API_BASE (and, in the browser, the SDK's calls) here. It follows the
 * documented surface the product uses, and records every request it receives:
 * - POST /v1/card_tokens: what the secure fields send from Mercado Pago's iframes (the card
 *   number never goes anywhere else); the token keeps the first six and last four digits only;
 * - GET /v1/payment_methods/search?bin=: the payment method (brand) and issuer of a BIN;
 * - POST /v1/payments (card token or Pix, X-Idempotency-Key honoured), GET /v1/payments/:id,
 *   GET /v1/payments/search?external_reference= (newest first), POST /v1/payments/:id/refunds
 *   (X-Idempotency-Key honoured; only approved money is refunded).
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
  close(): Promise<void>;
};
type TStandInPayment = {
  id: number;
  status: string;
  status_detail: string;
  payment_method_id: string;
  transaction_amount: number;
  external_reference: string;
  card?: { first_six_digits: string; last_four_digits: string };
  point_of_interaction?: { transaction_data: { qr_code: string } };
  refunds: number;
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
      const base = {
        id: nextId++,
        transaction_amount: Number(json.transaction_amount),
        external_reference: String(json.external_reference ?? ''),
        refunds: 0,
      };
      let payment: TStandInPayment;
      if (json.payment_method_id === 'pix') {
        payment = {
          ...base,
          status: 'pending',
          status_detail: 'pending_waiting_transfer',
          payment_method_id: 'pix',
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
          card: { first_six_digits: token.firstSix, last_four_digits: token.lastFour },
        };
      }
      payments.set(String(payment.id), payment);
      if (key) byKey.set(key, String(payment.id));
      return answer(201, payment);
    }
    if (request.method === 'GET' && url.pathname === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...payments.values()]
        .filter((p) => reference === null || p.external_reference === reference)
        .sort((a, b) => b.id - a.id);
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
      if (!payment) return send(404, { message: 'not found', status: 404 });
      if (payment.status !== 'approved') return send(400, { message: 'invalid payment status', status: 400 });
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
      payment.refunds += 1;
      const made = { id: nextId++, payment_id: payment.id, status: 'approved' };
      if (key) refundsByKey.set(key, made);
      return send(201, made);
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const payment = payments.get(one[1]!);
      return payment ? send(200, payment) : send(404, { message: 'not found', status: 404 });
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
