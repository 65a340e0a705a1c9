import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@ingressos/domain/html';
import type { TGatewayNotice } from '../adapters/payments/gateway.ts';
import { signMercadoPagoNotification } from '../adapters/payments/mercadopago/webhook.ts';

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
 * Checkout Pro (issue 15): POST /checkout/preferences (X-Idempotency-Key honoured), GET and PUT
 * /checkout/preferences/:id (PUT merges, as for expiring one), and the hosted page its init_point
 * names, GET /checkout/v1/redirect?pref_id= (no access token: the buyer's browser), where the buyer
 * pays with their account (approved), leaves a Pix pending, or is declined; the payment carries the
 * preference's external_reference, its notification_url is told (signed with `webhookSecret`), and
 * the buyer is sent to the back_url of the outcome with Mercado Pago's query (collection_id,
 * collection_status, payment_id, status, external_reference, preference_id...). An expired
 * preference takes no payment.
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
  preferences: Map<string, TStandInPreference>;
  /** Sets a payment's status as Mercado Pago would when it settles (a bank pays, review ends). */
  settle(id: string, status: string, statusDetail: string): void;
  /** A pending Pix lapses: Mercado Pago cancels it with status_detail expired. */
  expire(id: string): void;
  /**
   * A payment made outside our checkout that carries one of our external references (the API
   * called by hand, another integration of the account, one in another currency): approved by
   * default, found by search and its id; answers the payment's id.
   */
  pay(input: { externalRef: string; amount: number; currency?: string; status?: string }): string;
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
  /** ISO 4217: what the account charges in (reais for a Brazilian account). */
  currency_id: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  external_reference: string;
  date_created: string;
  date_of_expiration?: string;
  card?: { first_six_digits: string; last_four_digits: string };
  point_of_interaction?: { transaction_data: { qr_code: string } };
  refunds: TStandInRefund[];
};

export type TStandInPreference = {
  id: string;
  items: { id?: string; title?: string; quantity: number; unit_price: number; currency_id?: string }[];
  payer?: { email?: string };
  external_reference: string;
  back_urls: { success?: string; pending?: string; failure?: string };
  auto_return?: string;
  notification_url?: string;
  expires: boolean;
  expiration_date_to?: string;
  date_of_expiration?: string;
  init_point: string;
  sandbox_init_point: string;
  date_created: string;
};

/** The hosted page's choices: the buyer's Mercado Pago account (approved), a Pix, a declined card. */
const PAGE_OUTCOMES: Record<
  string,
  { status: string; detail: string; method: string; type: string; back: 'success' | 'pending' | 'failure' }
> = {
  account: {
    status: 'approved',
    detail: 'accredited',
    method: 'account_money',
    type: 'account_money',
    back: 'success',
  },
  pix: {
    status: 'pending',
    detail: 'pending_waiting_transfer',
    method: 'pix',
    type: 'bank_transfer',
    back: 'pending',
  },
  decline: {
    status: 'rejected',
    detail: 'cc_rejected_other_reason',
    method: 'visa',
    type: 'credit_card',
    back: 'failure',
  },
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

export async function startMercadoPagoStandIn(
  accessToken: string,
  options: { webhookSecret?: string } = {},
): Promise<TMpStandIn> {
  const received: TMpStandIn['received'] = [];
  const preferences = new Map<string, TStandInPreference>();
  const preferencesByKey = new Map<string, string>();
  let root = '';
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
    if (url.pathname === '/checkout/v1/redirect')
      return hostedPage(request.method ?? 'GET', url, body, response);
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
        currency_id: 'BRL',
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
    if (request.method === 'POST' && /^\/checkout\/preferences\/?$/.test(url.pathname)) {
      const key = headers['x-idempotency-key'];
      const earlier = key ? preferencesByKey.get(key) : undefined;
      if (earlier) return send(201, preferences.get(earlier));
      const items = Array.isArray(json.items) ? (json.items as TStandInPreference['items']) : [];
      if (items.length === 0 || items.some((item) => !(Number(item.unit_price) > 0) || !(item.quantity >= 1)))
        return send(400, { message: 'items needed', status: 400, error: 'invalid_items' });
      const id = `123456789-${randomUUID()}`;
      const page = `${root}/checkout/v1/redirect?pref_id=${id}`;
      const made: TStandInPreference = {
        id,
        items,
        payer: (json.payer ?? {}) as TStandInPreference['payer'],
        external_reference: String(json.external_reference ?? ''),
        back_urls: (json.back_urls ?? {}) as TStandInPreference['back_urls'],
        ...(typeof json.auto_return === 'string' ? { auto_return: json.auto_return } : {}),
        ...(typeof json.notification_url === 'string' ? { notification_url: json.notification_url } : {}),
        expires: json.expires === true,
        ...(typeof json.expiration_date_to === 'string'
          ? { expiration_date_to: json.expiration_date_to }
          : {}),
        ...(typeof json.date_of_expiration === 'string'
          ? { date_of_expiration: json.date_of_expiration }
          : {}),
        init_point: page,
        sandbox_init_point: page,
        date_created: new Date().toISOString(),
      };
      preferences.set(id, made);
      if (key) preferencesByKey.set(key, id);
      return send(201, made);
    }
    const preference = /^\/checkout\/preferences\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (preference && (request.method === 'GET' || request.method === 'PUT')) {
      const found = preferences.get(preference[1]!);
      if (!found) return send(404, { message: 'preference not found', status: 404 });
      if (request.method === 'PUT')
        Object.assign(found, json, { id: found.id, init_point: found.init_point });
      return send(200, found);
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
  /** Open: not expired (expires with expiration_date_to past). */
  const open = (p: TStandInPreference) =>
    !(p.expires && p.expiration_date_to && Date.parse(p.expiration_date_to) <= Date.now());
  /** Mercado Pago's checkout page (init_point): GET shows it, POST is the buyer's choice. */
  async function hostedPage(
    method: string,
    url: URL,
    body: string,
    response: import('node:http').ServerResponse,
  ) {
    const found = preferences.get(url.searchParams.get('pref_id') ?? '');
    const html = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(text);
    };
    if (!found) return html(404, '<!doctype html><title>Mercado Pago</title><p>Preference not found</p>');
    const total = found.items.reduce((sum, item) => sum + cents(item.unit_price) * item.quantity, 0);
    if (method === 'GET')
      return html(
        200,
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Mercado Pago</title></head><body>
<h1>Mercado Pago (stand-in)</h1><p>${escapeHtml(found.items[0]?.title ?? '')}</p>
<p data-testid="mp-total">R$ ${(total / 100).toFixed(2).replace('.', ',')}</p>
${
  open(found)
    ? `<form method="post"><button name="outcome" value="account">Pagar com saldo em conta</button>
<button name="outcome" value="pix">Pagar com Pix</button><button name="outcome" value="decline">Pagar com cartão (recusado)</button></form>`
    : '<p role="alert">Este link de pagamento expirou.</p>'
}</body></html>`,
      );
    const outcome = PAGE_OUTCOMES[new URLSearchParams(body).get('outcome') ?? ''];
    if (!outcome || !open(found)) return html(400, '<!doctype html><p>Não é possível pagar.</p>');
    const payment: TStandInPayment = {
      id: nextId++,
      status: outcome.status,
      status_detail: outcome.detail,
      payment_method_id: outcome.method,
      payment_type_id: outcome.type,
      currency_id: 'BRL',
      transaction_amount: total / 100,
      transaction_amount_refunded: 0,
      external_reference: found.external_reference,
      date_created: new Date().toISOString(),
      ...(found.date_of_expiration ? { date_of_expiration: found.date_of_expiration } : {}),
      refunds: [],
    };
    payments.set(String(payment.id), payment);
    if (found.notification_url && options.webhookSecret) {
      const notice = mercadoPagoNotification(options.webhookSecret, String(payment.id));
      const target = new URL(found.notification_url);
      target.search = new URL(notice.path, 'http://x').search;
      await fetch(target, notice.init).catch(() => undefined);
    }
    const back = new URL(found.back_urls[outcome.back] ?? found.back_urls.success ?? 'http://127.0.0.1/');
    for (const [name, value] of Object.entries({
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: found.external_reference,
      payment_type: payment.payment_type_id,
      preference_id: found.id,
      site_id: 'MLB',
      processing_mode: 'aggregator',
    }))
      back.searchParams.set(name, value);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  root = `http://127.0.0.1:${port}`;
  return {
    url: root,
    received,
    payments,
    preferences,
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
    pay(input) {
      const payment: TStandInPayment = {
        id: nextId++,
        status: input.status ?? 'approved',
        status_detail: (input.status ?? 'approved') === 'approved' ? 'accredited' : 'pending_contingency',
        payment_method_id: 'account_money',
        payment_type_id: 'account_money',
        currency_id: input.currency ?? 'BRL',
        transaction_amount: input.amount,
        transaction_amount_refunded: 0,
        external_reference: input.externalRef,
        date_created: new Date().toISOString(),
        refunds: [],
      };
      payments.set(String(payment.id), payment);
      return String(payment.id);
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
